import type { ReactNode } from "react";
import { PageHeader } from "../../components/page-header";
import { useT } from "../../lib/i18n";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES } from "../../pages";
import { SIGNUP_ANCHOR } from "./current-action-card";

/**
 * /actions — this week's action, the subscribe block and the 'Past Actions' archive. The interactive parts
 * come in as slots from web/app (islands on the server-rendered page, decision 205): `current` (the card with
 * the completions feature's control), `signup` (the subscribers feature's form), `tip` and `past` (the archive,
 * 10 a page with "Show older actions").
 */
export function ActionsPage({
  current,
  signup,
  tip,
  past,
}: {
  current: ReactNode;
  signup?: ReactNode;
  tip?: ReactNode;
  past: ReactNode;
}) {
  usePageMeta(PAGES.actions.meta);
  const { t } = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <PageHeader eyebrow={t("actions.page.eyebrow")} title={t("actions.page.title")} lead={t("actions.page.lead")} />

      <div className="mt-12">{current}</div>

      {/* Below the current action, so below the fold on a phone. */}
      {tip ? <div className="below-fold mt-12">{tip}</div> : null}

      <section
        id={SIGNUP_ANCHOR}
        aria-labelledby="signup-title"
        className="below-fold mt-16 scroll-mt-24 rounded-[var(--radius-card)] bg-forest-50 p-6 sm:p-10"
      >
        <h2 id="signup-title" className="text-3xl font-semibold text-forest-900">
          {t("actions.page.signupTitle")}
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">{t("actions.page.signupBody")}</p>
        {signup ? <div className="mt-8 max-w-2xl">{signup}</div> : null}
      </section>

      <section aria-labelledby="past-title" className="below-fold mt-16">
        <h2 id="past-title" className="text-3xl font-semibold text-forest-900">
          {t("actions.page.pastTitle")}
        </h2>
        {past}
      </section>
    </div>
  );
}
