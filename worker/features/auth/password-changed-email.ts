import type { MailMessage } from "../../platform/mail/types";
import { html } from "../email/templates/html";
import { emailColors as C, type EmailSite, emailButton, emailHeading, renderLayout } from "../email/templates/layout";

export type PasswordChangedEmailInput = { to: string; signInLink: string; site: EmailSite; changedAt: Date };

/**
 * Tells the account holder their password was set or changed, with the way to take the account back:
 * a magic-link sign-in followed by a new password, which signs out every other device. Account mail:
 * the layout without a subscriber's footer (`links: null`).
 */
export function passwordChangedEmail({ to, signInLink, site, changedAt }: PasswordChangedEmailInput): MailMessage {
  const subject = `Your ${site.name} password was changed`;
  const changed = `The password of your ${site.name} account was set or changed on ${changedAt.toUTCString()}. Every other device was signed out.`;
  const secure =
    "If this was you, there is nothing to do. If it was not, secure your account now: sign in with a magic link and set a new password within 10 minutes. That signs out everyone else.";
  const body = html`
${emailHeading("Your password was changed")}
<p style="margin:0 0 12px;">${changed}</p>
<p style="margin:0;">${secure}</p>
${emailButton(signInLink, "Secure my account")}
<p style="margin:0;font-size:14px;word-break:break-all;"><a href="${signInLink}" style="color:${C.forest};">${signInLink}</a></p>`;
  const text = ["Your password was changed", "", changed, "", `${secure.slice(0, -1)}:`, signInLink].join("\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: changed,
    body,
    bodyText: text,
    reason: `You have an account on ${site.url}.`,
    links: null,
  });
  return { to, subject, ...layout, stream: "account" };
}
