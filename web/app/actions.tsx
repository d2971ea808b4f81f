import { ActionsPage } from "../features/actions/actions-page";
import { ActionCompletionControl } from "../features/completions/action-completion-control";
import { SignupForm } from "../features/subscribers/signup-form";

/** /actions composed from the actions page, the subscribers feature's signup form and the completion control. */
export function Actions() {
  return (
    <ActionsPage signup={<SignupForm />} completion={(actionId) => <ActionCompletionControl actionId={actionId} />} />
  );
}
