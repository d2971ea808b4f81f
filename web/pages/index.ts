import about from "./about.page";
import action from "./action.page";
import actionPreview from "./action-preview.page";
import actions from "./actions.page";
import admin from "./admin.page";
import adminActionEdit from "./admin-action-edit.page";
import adminActionNew from "./admin-action-new.page";
import adminActions from "./admin-actions.page";
import adminApiReference from "./admin-api-reference.page";
import adminContentExport from "./admin-content-export.page";
import adminEmail from "./admin-email.page";
import adminInvitation from "./admin-invitation.page";
import adminMessages from "./admin-messages.page";
import adminPetitions from "./admin-petitions.page";
import adminSecurity from "./admin-security.page";
import adminStatus from "./admin-status.page";
import adminSubscribers from "./admin-subscribers.page";
import adminTips from "./admin-tips.page";
import auth from "./auth.page";
import authVerify from "./auth-verify.page";
import confirmSubscription from "./confirm-subscription.page";
import didIt from "./did-it.page";
import event from "./event.page";
import eventReminder from "./event-reminder.page";
import events from "./events.page";
import getSupport from "./get-support.page";
import home from "./home.page";
import howItWorks from "./how-it-works.page";
import myProgress from "./my-progress.page";
import notFound from "./not-found.page";
import type { Page } from "./page";
import submitEvent from "./submit-event.page";
import support from "./support.page";
import unsubscribe from "./unsubscribe.page";

/**
 * Every page of the site by name, one module each (decision 209), in matching order: the browser's routes, the
 * Worker's routes (through web/ssr), the server-rendered set, the heads and the sitemap are all derived from it.
 * A page is added by its module and its line here; its path, head, data and component change in its module.
 */
export const PAGES = {
  home,
  howItWorks,
  events,
  event,
  actions,
  actionPreview,
  action,
  about,
  support,
  getSupport,
  submitEvent,
  unsubscribe,
  confirmSubscription,
  eventReminder,
  didIt,
  auth,
  authVerify,
  myProgress,
  admin,
  adminActions,
  adminActionNew,
  adminActionEdit,
  adminPetitions,
  adminTips,
  adminEmail,
  adminSecurity,
  adminContentExport,
  adminApiReference,
  adminStatus,
  adminSubscribers,
  adminMessages,
  adminInvitation,
  notFound,
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof PAGES;

/** A page's path with its `:params` filled, e.g. `routePath("action", { slug })`. */
export function routePath(name: Exclude<PageName, "notFound">, params: Record<string, string> = {}): string {
  return PAGES[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
}
