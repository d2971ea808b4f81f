import type { Messages } from "@lingui/core";
import type { Locale } from "#contract/i18n/locales";

/**
 * The browser fetches only its page's language (issue 46): each catalogue is its own chunk, requested with the
 * page's code. The Worker imports both (web/ssr/render-page.tsx).
 */
const SITE_MESSAGES: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("../../locales/en/site?lingui"),
  es: () => import("../../locales/es/site?lingui"),
};

export const loadSiteMessages = (locale: Locale): Promise<Messages> => SITE_MESSAGES[locale]().then((m) => m.default);
