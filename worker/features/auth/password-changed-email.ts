import type { Locale } from "#contract/i18n/locales";
import { translatorFor } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail/types";
import { html } from "../email/templates/html";
import { emailColors as C, type EmailSite, emailButton, emailHeading, renderLayout } from "../email/templates/layout";
import { noticeTime } from "./notice-time";

export type PasswordChangedEmailInput = {
  to: string;
  signInLink: string;
  site: EmailSite;
  changedAt: Date;
  /** The member's language (users.locale). */
  locale?: Locale;
};

/**
 * Tells the account holder their password was set or changed, with the way to take the account back:
 * a magic-link sign-in followed by a new password, which signs out every other device. Account mail:
 * the layout without a subscriber's footer (`links: null`).
 */
export function passwordChangedEmail({
  to,
  signInLink,
  site,
  changedAt,
  locale = "en",
}: PasswordChangedEmailInput): MailMessage {
  const t = translatorFor(locale);
  const subject = t("email.account.passwordChanged.subject", { site: site.name });
  const heading = t("email.account.passwordChanged.heading");
  const changed = t("email.account.passwordChanged.changed", { site: site.name, date: noticeTime(changedAt, locale) });
  const secure = t("email.account.passwordChanged.secure");
  const body = html`
${emailHeading(heading)}
<p style="margin:0 0 12px;">${changed}</p>
<p style="margin:0;">${secure}</p>
${emailButton(signInLink, t("email.account.passwordChanged.button"))}
<p style="margin:0;font-size:14px;word-break:break-all;"><a href="${signInLink}" style="color:${C.forest};">${signInLink}</a></p>`;
  const text = [heading, "", changed, "", t("email.account.passwordChanged.secureText"), signInLink].join("\n");
  const layout = renderLayout({
    locale,
    site,
    title: subject,
    preheader: changed,
    body,
    bodyText: text,
    reason: t("email.account.reason", { url: site.url }),
    links: null,
  });
  return { to, subject, ...layout, stream: "account" };
}
