import { ActionsPage } from "../features/actions/actions-page";
import { SignupForm } from "../features/subscribers/signup-form";

/** /actions composed from the actions page and the subscribers feature's signup form. */
export function Actions() {
  return <ActionsPage signup={<SignupForm />} />;
}
