import { AuthVerifyPage } from "../features/auth/auth-verify-page";
import { recordPendingCompletion } from "../features/completions/pending-completion";
import { Island } from "../islands/island";
import { useT } from "../lib/i18n";

/** The magic link's page as the Worker renders it: one island, hydrated once it is seen (decision 212). */
export function AuthVerifyRoute() {
  return <Island name="authVerify" component={AuthVerify} props={{}} hydrate="visible" />;
}

/**
 * A completion started signed out is recorded as the member signs in: the next page is a page load, and the
 * action's button there hydrates only once it is on screen (decision 212).
 */
export function AuthVerify() {
  const { t } = useT();
  return <AuthVerifyPage afterSignIn={() => recordPendingCompletion(t)} />;
}
