import { AccountSection } from "../features/auth/account-section";
import { MyProgressPage } from "../features/completions/my-progress-page";
import { MyReminders } from "../features/events/my-reminders";

/** /my-progress composed from the completions list, the events feature's reminders and the auth feature's account. */
export function MyProgress() {
  return <MyProgressPage account={<AccountSection />} reminders={<MyReminders />} />;
}
