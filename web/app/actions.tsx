import { ActionsPage } from "../features/actions/actions-page";
import { CurrentActionSection } from "../features/actions/current-action-section";
import { PastActions } from "../features/actions/past-actions";
import { ActionCompletionControl } from "../features/completions/action-completion-control";
import { SignupForm } from "../features/subscribers/signup-form";
import { CurrentTipCard } from "../features/tips/current-tip-card";
import { Island, useSessionHydrate } from "../islands/island";

/** This week's card with the completions feature's control: an island of /actions. */
export function ActionsCurrent() {
  return (
    <CurrentActionSection
      completion={(actionId, onRecorded) => <ActionCompletionControl actionId={actionId} onRecorded={onRecorded} />}
    />
  );
}

/**
 * /actions composed from the actions page, the subscribers feature's signup form, the completion
 * control and this week's tip; the interactive parts are islands (decision 205).
 */
export function Actions() {
  return (
    <ActionsPage
      current={<Island name="currentAction" component={ActionsCurrent} props={{}} hydrate={useSessionHydrate()} />}
      signup={<Island name="signup" component={SignupForm} props={{}} hydrate="visible" />}
      tip={<CurrentTipCard />}
      past={<Island name="pastActions" component={PastActions} props={{}} hydrate="use" />}
    />
  );
}
