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

/** What subscribers get (spec §1). */
export const SUBSCRIPTION_BENEFITS = [
  "One weekly action plan, plus petitions",
  "Local event notifications",
  "Impact updates",
  "Sustainable living tips",
] as const;
