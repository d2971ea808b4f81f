import { Suspense } from "react";
import { Spinner } from "../../components/ui/spinner";
import { Island, useSessionHydrate } from "../../islands/island";
import { useT } from "../../lib/i18n";
import { lazyBlock } from "../../lib/lazy-block";

/**
 * The home page's blocks that other features build (composed here, per the conventions). Everything
 * below the hero is below the fold, so each block is loaded after the first paint: the entry chunk
 * stays within its budget (ARCHITECTURE.md §10).
 *   WeeklyActionSlot → actions:     web/features/actions/current-action-card.tsx (+ completions' control, ./weekly-action.tsx)
 *   EventsTeaserSlot → events:      web/features/events/events-teaser.tsx (its own section and heading)
 *   SignupSlot       → subscribers: web/features/subscribers/signup-form.tsx (the form; the section is ours)
 */

const WeeklyAction = lazyBlock(() => import("./weekly-action").then((m) => m.WeeklyAction));
const SignupForm = lazyBlock(() => import("./weekly-email-contents").then((m) => m.SignupForm));
const EventsTeaser = lazyBlock(() => import("../../features/events/events-teaser").then((m) => m.EventsTeaser));

export function WeeklyActionSlot() {
  const hydrate = useSessionHydrate();
  const { t } = useT();
  return (
    <Suspense
      fallback={
        // Carries the card's anchor so /#weekly-action finds its target while the card loads.
        <div id="weekly-action" className="flex min-h-80 items-center justify-center">
          <Spinner label={t("home.loading.weeklyAction")} />
        </div>
      }
    >
      <Island name="weeklyAction" component={WeeklyAction} props={{}} hydrate={hydrate} />
    </Suspense>
  );
}

export function EventsTeaserSlot() {
  const { t } = useT();
  return (
    <Suspense
      fallback={
        <div className="flex min-h-80 items-center justify-center">
          <Spinner label={t("home.loading.events")} />
        </div>
      }
    >
      <Island name="eventsTeaser" component={EventsTeaser} props={{}} hydrate="visible" />
    </Suspense>
  );
}

export function SignupSlot() {
  const { t } = useT();
  return (
    <Suspense
      fallback={
        <div className="flex min-h-80 items-center justify-center">
          <Spinner label={t("home.loading.signup")} />
        </div>
      }
    >
      <Island name="signup" component={SignupForm} props={{}} hydrate="visible" />
    </Suspense>
  );
}
