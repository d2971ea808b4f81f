import { type Locale, localizePath } from "#contract/i18n/locales";
import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { translatorFor } from "../../../platform/i18n";
import type { MailMessage } from "../../../platform/mail/types";
import { html } from "../../email/templates/html";
import {
  emailColors as C,
  type EmailSite,
  emailButton,
  emailHeading,
  renderLayout,
} from "../../email/templates/layout";
import { noticeTime } from "../notice-time";

export type FactorChange =
  | { kind: "app_added"; replaced: boolean }
  | { kind: "passkey_added"; name: string }
  | { kind: "passkey_removed"; name: string };

export type FactorChangeEmailInput = {
  to: string;
  site: EmailSite;
  change: FactorChange;
  /** The browser family the change came from ("Firefox"), null when the User-Agent named none. */
  browser: string | null;
  at: Date;
  /** The member's language (users.locale). */
  locale?: Locale;
};

type Translate = ReturnType<typeof translatorFor>;

function wordsFor(change: FactorChange, site: EmailSite, t: Translate) {
  switch (change.kind) {
    case "app_added":
      return {
        subject: t("email.account.factor.appAdded.subject", { site: site.name }),
        heading: change.replaced
          ? t("email.account.factor.appReplaced.heading")
          : t("email.account.factor.appAdded.heading"),
        what: change.replaced ? t("email.account.factor.appReplaced.what") : t("email.account.factor.appAdded.what"),
      };
    case "passkey_added":
      return {
        subject: t("email.account.factor.passkeyAdded.subject", { site: site.name }),
        heading: t("email.account.factor.passkeyAdded.heading"),
        what: t("email.account.factor.passkeyAdded.what", { name: change.name }),
      };
    case "passkey_removed":
      return {
        subject: t("email.account.factor.passkeyRemoved.subject", { site: site.name }),
        heading: t("email.account.factor.passkeyRemoved.heading"),
        what: t("email.account.factor.passkeyRemoved.what", { name: change.name }),
      };
  }
}

/**
 * Tells the account holder a second factor changed (decision 213): what, when and from which browser, and
 * what to do if it was not them, in their language. Account mail, sent even to a suppressed address: the layout
 * without a subscriber's footer (`links: null`).
 */
export function factorChangeEmail({
  to,
  site,
  change,
  browser,
  at,
  locale = "en",
}: FactorChangeEmailInput): MailMessage {
  const t = translatorFor(locale);
  const { subject, heading, what } = wordsFor(change, site, t);
  const date = noticeTime(at, locale);
  const when = browser
    ? t("email.account.factor.whenBrowser", { date, browser })
    : t("email.account.factor.whenUnknown", { date });
  const notYou = t("email.account.factor.notYou");
  const accountUrl = `${site.url}${localizePath(LINKED_PATHS.myProgress, locale)}`;
  const body = html`
${emailHeading(heading)}
<p style="margin:0 0 12px;">${what}</p>
<p style="margin:0 0 12px;">${when}</p>
<p style="margin:0;">${notYou}</p>
${emailButton(accountUrl, t("email.account.factor.button"))}
<p style="margin:0;font-size:14px;word-break:break-all;"><a href="${accountUrl}" style="color:${C.forest};">${accountUrl}</a></p>`;
  const text = [
    heading,
    "",
    what,
    "",
    when,
    "",
    notYou,
    "",
    t("email.account.factor.textLink", { url: accountUrl }),
  ].join("\n");
  const layout = renderLayout({
    locale,
    site,
    title: subject,
    preheader: what,
    body,
    bodyText: text,
    reason: t("email.account.reason", { url: site.url }),
    links: null,
  });
  return { to, subject, ...layout, stream: "account" };
}
