import type { ReactNode } from "react";
import { PageHeader } from "../../components/page-header";
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
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <PageHeader
        eyebrow="One action a week"
        title="Weekly Actions"
        lead="One simple, meaningful action each week to protect wildlife and wild places. Here's this week's, and the ones that came before."
      />

      <div className="mt-12">{current}</div>

      {/* Below the current action, so below the fold on a phone. */}
      {tip ? <div className="below-fold mt-12">{tip}</div> : null}

      <section
        id={SIGNUP_ANCHOR}
        aria-labelledby="signup-title"
        className="below-fold mt-16 scroll-mt-24 rounded-[var(--radius-card)] bg-forest-50 p-6 sm:p-10"
      >
        <h2 id="signup-title" className="text-3xl font-semibold text-forest-900">
          Get each week's action in your inbox
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Every Monday at 9 a.m. your time: the week's action, last week's impact from members, a sustainable living
          tip, petitions and events near you.
        </p>
        {signup ? <div className="mt-8 max-w-2xl">{signup}</div> : null}
      </section>

      <section aria-labelledby="past-title" className="below-fold mt-16">
        <h2 id="past-title" className="text-3xl font-semibold text-forest-900">
          Past Actions
        </h2>
        {past}
      </section>
    </div>
  );
}
