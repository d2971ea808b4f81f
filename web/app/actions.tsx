import { ActionsPage } from "../features/actions/actions-page";
import { ActionCompletionControl } from "../features/completions/action-completion-control";
import { SignupForm } from "../features/subscribers/signup-form";
import { CurrentTipCard } from "../features/tips/current-tip-card";

/**
 * /actions composed from the actions page, the subscribers feature's signup form, the completion
 * control and this week's tip.
 */
export function Actions() {
  return (
    <ActionsPage
      signup={<SignupForm />}
      completion={(actionId, onRecorded) => <ActionCompletionControl actionId={actionId} onRecorded={onRecorded} />}
      tip={<CurrentTipCard />}
    />
  );
}
