import { type Locale, localizePath } from "#contract/i18n/locales";
import { translatorFor } from "../../platform/i18n";
import type { MailMessage } from "../../platform/mail/types";
import { html } from "../email/templates/html";
import { emailColors as C, type EmailSite, emailButton, emailHeading, renderLayout } from "../email/templates/layout";

export type MagicLinkEmailInput = {
  to: string;
  link: string;
  site: EmailSite;
  ttlMinutes: number;
  /** The reader's language: the member's, or the request's for an address with no account yet. */
  locale?: Locale;
};

/** The link's page in the reader's language: /auth/verify, or /es/auth/verify for a Spanish reader. */
export function magicLinkUrl(origin: string, token: string, locale: Locale): string {
  const link = new URL(localizePath("/auth/verify", locale), origin);
  link.searchParams.set("token", token);
  return link.toString();
}

/**
 * The sign-in email, in the reader's language, in the site's email layout without a subscriber's footer
 * (`links: null`: no unsubscribe link in account mail). The `html` tag escapes every interpolated value.
 */
export function magicLinkEmail({ to, link, site, ttlMinutes, locale = "en" }: MagicLinkEmailInput): MailMessage {
  const t = translatorFor(locale);
  const subject = t("email.account.magicLink.subject", { site: site.name });
  const heading = t("email.account.magicLink.heading", { site: site.name });
  const intro = t("email.account.magicLink.intro", { minutes: ttlMinutes });
  const body = html`
${emailHeading(heading)}
<p style="margin:0;">${intro}</p>
${emailButton(link, heading)}
<p style="margin:0 0 8px;font-size:14px;color:${C.muted};">${t("email.account.magicLink.copyLink")}</p>
<p style="margin:0;font-size:14px;word-break:break-all;"><a href="${link}" style="color:${C.forest};">${link}</a></p>`;
  const text = [heading, "", t("email.account.magicLink.textIntro", { minutes: ttlMinutes }), link].join("\n");
  const layout = renderLayout({
    locale,
    site,
    title: subject,
    preheader: intro,
    body,
    bodyText: text,
    reason: t("email.account.magicLink.reason", { site: site.name }),
    links: null,
  });
  return { to, subject, ...layout, stream: "account" };
}
