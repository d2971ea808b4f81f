import { useQuery } from "@tanstack/react-query";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { currentTipQuery } from "./api";

/** /actions: this week's sustainable-living tip. Nothing is shown without an active tip. */
export function CurrentTipCard() {
  const { locale } = useT();
  const query = useQuery(currentTipQuery(locale));
  const tip = query.data;
  if (!tip) return null;
  const lang = contentLang(tip.language, locale);
  return (
    <section
      aria-labelledby="tip-title"
      data-testid="current-tip"
      className="rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Sustainable living tip</p>
      <h2 id="tip-title" lang={lang} className="mt-2 text-2xl font-semibold text-forest-900">
        {tip.title}
      </h2>
      <p lang={lang} className="mt-3 max-w-3xl leading-relaxed text-muted-foreground">
        {tip.body}
      </p>
      {tip.url ? (
        <a
          href={tip.url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-block font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900"
        >
          Learn more<span className="sr-only"> about {tip.title} (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
