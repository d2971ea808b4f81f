import { Link } from "react-router-dom";
import type { PublicAction } from "#contract/actions/schemas";
import { Button } from "../../components/ui/button";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { ctaLabel } from "./action-display";

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** The action's own call-to-action button, when it has a URL to go to. */
export function ActionCtaButton({ action, disabled = false }: { action: PublicAction; disabled?: boolean }) {
  const { t, locale } = useT();
  const lang = contentLang(action.language, locale);
  const label = <span lang={lang}>{ctaLabel(action.cta_label, t)}</span>;
  if (disabled) {
    return (
      <Button size="lg" variant="accent" disabled>
        {label}
      </Button>
    );
  }
  if (!action.cta_url) return null;
  return (
    <Button asChild size="lg" variant="accent">
      {isExternal(action.cta_url) ? (
        <a href={action.cta_url} target="_blank" rel="noopener noreferrer">
          {label}
          <span className="sr-only">{` ${t("chrome.newTab")}`}</span>
        </a>
      ) : (
        <Link to={action.cta_url}>{label}</Link>
      )}
    </Button>
  );
}
