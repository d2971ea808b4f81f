import type { MailMessage } from "../../platform/mail/types";
import { escapeHtml } from "../email/templates/html";

export type PasswordChangedEmailInput = { to: string; signInLink: string; siteName: string; changedAt: Date };

/**
 * Tells the account holder their password was set or changed, with the way to take the account back:
 * a magic-link sign-in followed by a new password, which signs out every other device.
 */
export function passwordChangedEmail({ to, signInLink, siteName, changedAt }: PasswordChangedEmailInput): MailMessage {
  const subject = `Your ${siteName} password was changed`;
  const when = changedAt.toUTCString();
  const site = escapeHtml(siteName);
  const href = escapeHtml(signInLink);
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(subject)}</title></head>
  <body style="margin:0;padding:0;background:#f4f1e8;font-family:Helvetica,Arial,sans-serif;color:#1c2b22;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1e8;padding:32px 16px;">
      <tr><td align="center">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px;">
          <tr><td>
            <h1 style="margin:0 0 16px;font-size:22px;color:#1f5c3a;">Your password was changed</h1>
            <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">The password of your ${site} account was set or changed on ${escapeHtml(when)}. Every other device was signed out.</p>
            <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">If this was you, there is nothing to do. If it was not, secure your account now: sign in with a magic link and set a new password within 10 minutes. That signs out everyone else.</p>
            <p style="margin:0 0 24px;"><a href="${href}" style="display:inline-block;background:#1f5c3a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px;">Secure my account</a></p>
            <p style="margin:0;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${href}" style="color:#1f5c3a;">${href}</a></p>
          </td></tr>
        </table>
      </td></tr>
    </table>
  </body>
</html>`;
  const text = [
    "Your password was changed",
    "",
    `The password of your ${siteName} account was set or changed on ${when}. Every other device was signed out.`,
    "",
    "If this was you, there is nothing to do. If it was not, secure your account now: sign in with a magic link and set a new password within 10 minutes. That signs out everyone else:",
    signInLink,
  ].join("\n");
  return { to, subject, html, text };
}
