import { WEEKLY_EMAIL_CONTENTS, WEEKLY_EMAIL_WHEN } from "#contract/email/weekly-contents";

/** What each weekly email brings, from the list the email template follows (decision 084). */
export function WeeklyEmailContents() {
  return (
    <>
      <h3 className="mt-8 text-lg font-semibold text-forest-900">{WEEKLY_EMAIL_WHEN}, each email brings:</h3>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-muted-foreground">
        {WEEKLY_EMAIL_CONTENTS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

// One below-the-fold chunk for the signup section: the subscribers feature's form travels with the list.
export { SignupForm } from "../../features/subscribers/signup-form";
