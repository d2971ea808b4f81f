import type { ComponentType } from "react";

// biome-ignore lint/suspicious/noExplicitAny: an island's props are whatever its component takes (plain data).
type Loader = () => Promise<ComponentType<any>>;

/**
 * Every island of the server-rendered public pages, by the name the page writes into its HTML (decision 205),
 * with the code the browser fetches to hydrate it. A page names its islands with `<Island name=… />`; a name
 * missing here is a type error there.
 */
export const ISLANDS = {
  mobileMenu: () => import("../app/mobile-menu").then((m) => m.MobileMenu),
  accountLinks: () => import("../app/account-links").then((m) => m.AccountLinks),
  weeklyAction: () => import("../app/home/weekly-action").then((m) => m.WeeklyAction),
  signup: () => import("../features/subscribers/signup-form").then((m) => m.SignupForm),
  eventsTeaser: () => import("../features/events/events-teaser").then((m) => m.EventsTeaser),
  currentAction: () => import("../app/actions").then((m) => m.ActionsCurrent),
  pastActions: () => import("../features/actions/past-actions").then((m) => m.PastActions),
  actionCompletion: () => import("../app/action-detail-page").then((m) => m.ActionPageCompletion),
  actionImpact: () => import("../app/action-detail-page").then((m) => m.ActionPageImpact),
  trackImpact: () => import("../app/action-detail-page").then((m) => m.TrackImpact),
  shareButtons: () => import("../features/actions/share-buttons").then((m) => m.ShareButtons),
  eventsSearch: () => import("../features/events/events-page").then((m) => m.EventsPage),
  remindMe: () => import("../features/events/remind-me").then((m) => m.RemindMe),
  eventReminder: () => import("../features/events/reminder-page").then((m) => m.ReminderPage),
  eventWhen: () => import("../features/events/event-when").then((m) => m.EventWhen),
  contactForm: () => import("../features/contact/contact-form").then((m) => m.ContactForm),
  supportResources: () => import("../features/support/support-resources").then((m) => m.SupportResources),
  auth: () => import("../features/auth/auth-page").then((m) => m.AuthPage),
  authVerify: () => import("../app/auth-verify").then((m) => m.AuthVerify),
  didIt: () => import("../app/did-it/did-it-page").then((m) => m.DidItPage),
  unsubscribe: () => import("../features/subscribers/unsubscribe-page").then((m) => m.UnsubscribePage),
  confirmSubscription: () =>
    import("../features/subscribers/confirm-subscription-page").then((m) => m.ConfirmSubscriptionPage),
  submitEvent: () => import("../features/events/submit-event-page").then((m) => m.SubmitEventPage),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof ISLANDS;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(ISLANDS, name);
