import type { useT } from "../../lib/i18n";

/** Anchor ids of home sections that other pages and buttons link to. */
export const HOME_SECTION_IDS = {
  howItWorks: "how-it-works",
  /** The This-Week's-Action card; the support page's closing call to action links to /#weekly-action. */
  weeklyAction: "weekly-action",
  petitions: "petitions",
  events: "events",
  about: "about",
  support: "support",
  /** The email signup: 'Sign Up for Weekly Actions' and the action card's third button jump here. */
  signup: "signup",
} as const;

/** What subscribers get (spec §1), in the page's language. */
export const subscriptionBenefits = (t: ReturnType<typeof useT>["t"]) => [
  t("home.benefits.plan"),
  t("home.benefits.events"),
  t("home.benefits.impact"),
  t("home.benefits.tips"),
];
