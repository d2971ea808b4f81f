import type { MailMessage } from "../../platform/mail/types";
import { html } from "../email/templates/html";
import { emailColors as C, type EmailSite, emailButton, emailHeading, renderLayout } from "../email/templates/layout";

export type MagicLinkEmailInput = { to: string; link: string; site: EmailSite; ttlMinutes: number };

/**
 * The sign-in email, in the site's email layout without a subscriber's footer (`links: null`: no
 * unsubscribe link in account mail). The `html` tag escapes every interpolated value.
 */
export function magicLinkEmail({ to, link, site, ttlMinutes }: MagicLinkEmailInput): MailMessage {
  const subject = `Your ${site.name} sign-in link`;
  const minutes = `${ttlMinutes} minute${ttlMinutes === 1 ? "" : "s"}`;
  const intro = `Click the button below to sign in. This link works once and expires in ${minutes}.`;
  const body = html`
${emailHeading(`Sign in to ${site.name}`)}
<p style="margin:0;">${intro}</p>
${emailButton(link, `Sign in to ${site.name}`)}
<p style="margin:0 0 8px;font-size:14px;color:${C.muted};">If the button does not work, copy this link into your browser:</p>
<p style="margin:0;font-size:14px;word-break:break-all;"><a href="${link}" style="color:${C.forest};">${link}</a></p>`;
  const text = [
    `Sign in to ${site.name}`,
    "",
    `Open this link to sign in. It works once and expires in ${minutes}:`,
    link,
  ].join("\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: intro,
    body,
    bodyText: text,
    reason: `If you did not ask to sign in to ${site.name}, you can ignore this email; nobody can sign in without the link.`,
    links: null,
  });
  return { to, subject, ...layout, stream: "account" };
}
