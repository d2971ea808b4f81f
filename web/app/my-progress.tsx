import { AccountSection } from "../features/auth/account-section";
import { MyProgressPage } from "../features/completions/my-progress-page";

/** /my-progress composed from the completions list and the auth feature's account section. */
export function MyProgress() {
  return <MyProgressPage account={<AccountSection />} />;
}
