import { useT } from "../../lib/i18n";

/**
 * What each weekly email brings. The English is the list the email template follows (contract/email/weekly-contents.ts,
 * decision 084); tests/unit/home-catalogue.test.ts holds the catalogue's English to it, so the promise and the email
 * cannot drift apart.
 */
export function WeeklyEmailContents() {
  const { t } = useT();
  const items = [
    t("home.weeklyEmail.action"),
    t("home.weeklyEmail.impact"),
    t("home.weeklyEmail.tip"),
    t("home.weeklyEmail.petitions"),
    t("home.weeklyEmail.events"),
  ];
  return (
    <>
      <h3 className="mt-8 text-lg font-semibold text-forest-900">{t("home.weeklyEmail.heading")}</h3>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-muted-foreground">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

// One below-the-fold chunk for the signup section: the subscribers feature's form travels with the list.
export { SignupForm } from "../../features/subscribers/signup-form";
