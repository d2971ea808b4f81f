import type { ReactNode } from "react";
import type { ActionImpact } from "#contract/actions/impact-words";
import type { ActionLink, PublicAction } from "#contract/actions/schemas";
import { Badge } from "../../components/ui/badge";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { displayMaterials, formatDateRange, impactText } from "./action-display";
import { CalendarIcon, ClockIcon, PeopleIcon } from "./action-icons";
import { ActionImage } from "./action-image";

interface ActionArticleProps {
  /** The preview has no impact yet; the public page has counts from stored completions. */
  action: PublicAction & { impact?: ActionImpact };
  links: ActionLink[];
  /** The call-to-action area (live on the detail page, disabled in preview). */
  cta?: ReactNode;
  /** Rendered after the content: sign-in call, share buttons, petitions. */
  children?: ReactNode;
  /** An `li` in place of the impact line (the detail page's follows new completions); else the action's own. */
  impact?: ReactNode;
}

/** A titled part of the article; all of them come after the image, below the fold on a phone. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="below-fold mt-10">
      <h2 className="text-2xl font-semibold text-forest-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One weekly action laid out for reading; shared by the detail and preview pages. */
/** "12 members did this", the action's impact line (its test id is what browser tests read). */
export function ImpactLine({ impact }: { impact: ActionImpact | undefined }) {
  const { t, tag } = useT();
  const words = impactText(impact, t, tag);
  return words ? (
    <span className="inline-flex items-center gap-2" data-testid="action-impact">
      <PeopleIcon />
      <span>{words}</span>
    </span>
  ) : null;
}

export function ActionArticle({ action, links, cta, children, impact }: ActionArticleProps) {
  const { t, tag, locale } = useT();
  const range = formatDateRange(action.start_date, action.end_date, tag);
  const materials = displayMaterials(action.materials);
  const steps = action.steps.filter((s) => typeof s === "string" && s.trim() !== "");
  const lang = contentLang(action.language, locale);
  return (
    <article className="mx-auto max-w-3xl">
      {action.timing === "current" ? <Badge variant="warning">{t("actions.article.thisWeek")}</Badge> : null}
      <h1 lang={lang} className="mt-4 text-4xl leading-tight font-semibold text-forest-900 sm:text-5xl">
        {action.title}
      </h1>
      <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-forest-800">
        {range ? (
          <li className="inline-flex items-center gap-2">
            <CalendarIcon />
            <span>{range}</span>
          </li>
        ) : null}
        {action.time_required ? (
          <li className="inline-flex items-center gap-2">
            <ClockIcon />
            <span lang={lang}>{action.time_required}</span>
          </li>
        ) : null}
        {impact ??
          (impactText(action.impact, t, tag) ? (
            <li className="contents">
              <ImpactLine impact={action.impact} />
            </li>
          ) : null)}
      </ul>
      <div className="mt-8 aspect-[3/2] overflow-hidden rounded-[var(--radius-card)] bg-forest-50">
        <ActionImage src={action.image_url} eager />
      </div>
      {action.summary ? (
        <p lang={lang} className="mt-8 text-xl leading-relaxed text-forest-900">
          {action.summary}
        </p>
      ) : null}
      {cta ? <div className="mt-8">{cta}</div> : null}

      {action.why_it_matters ? (
        <Section title={t("actions.article.why")}>
          <p lang={lang} className="leading-relaxed whitespace-pre-line text-muted-foreground">
            {action.why_it_matters}
          </p>
        </Section>
      ) : null}

      {steps.length > 0 ? (
        <Section title={t("actions.article.how")}>
          <ol lang={lang} className="grid gap-4">
            {steps.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the step's identity.
              <li key={i} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-forest-100 font-semibold text-forest-800"
                >
                  {i + 1}
                </span>
                <span className="pt-1 leading-relaxed">{step}</span>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {materials.length > 0 ? (
        <Section title={t("actions.article.materials")}>
          <ul lang={lang} className="grid list-disc gap-2 pl-5 marker:text-forest-400">
            {materials.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: materials are plain text and may repeat.
              <li key={i}>{m}</li>
            ))}
          </ul>
        </Section>
      ) : null}

      {links.length > 0 ? (
        <Section title={t("actions.article.resources")}>
          {/* Links are shared by both languages and written with the English text (decision 272). */}
          <ul lang={contentLang("en", locale)} className="grid gap-2">
            {links.map((link) => (
              <li key={`${link.label}|${link.url}`}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-forest-700 underline underline-offset-4 hover:text-forest-900"
                >
                  {link.label}
                  <span className="sr-only">{` ${t("chrome.newTab")}`}</span>
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {children}
    </article>
  );
}
