import type { MailMessage } from "../../platform/mail/types";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

export type MagicLinkEmailInput = { to: string; link: string; siteName: string; ttlMinutes: number };

/** The sign-in email: an HTML part and a plain-text part; every interpolated value is escaped. */
export function magicLinkEmail({ to, link, siteName, ttlMinutes }: MagicLinkEmailInput): MailMessage {
  const subject = `Your ${siteName} sign-in link`;
  const minutes = `${ttlMinutes} minute${ttlMinutes === 1 ? "" : "s"}`;
  const site = escapeHtml(siteName);
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(subject)}</title></head>
  <body style="margin:0;padding:0;background:#f4f1e8;font-family:Helvetica,Arial,sans-serif;color:#1c2b22;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1e8;padding:32px 16px;">
      <tr><td align="center">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px;">
          <tr><td>
            <h1 style="margin:0 0 16px;font-size:22px;color:#1f5c3a;">Sign in to ${site}</h1>
            <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">Click the button below to sign in. This link works once and expires in ${minutes}.</p>
            <p style="margin:0 0 24px;"><a href="${href}" style="display:inline-block;background:#1f5c3a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px;">Sign in to ${site}</a></p>
            <p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#4a5a50;">If the button does not work, copy this link into your browser:</p>
            <p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${href}" style="color:#1f5c3a;">${href}</a></p>
            <p style="margin:0;font-size:13px;line-height:1.5;color:#4a5a50;">If you did not ask to sign in to ${site}, you can ignore this email; nobody can sign in without the link.</p>
          </td></tr>
        </table>
      </td></tr>
    </table>
  </body>
</html>`;
  const text = [
    `Sign in to ${siteName}`,
    "",
    `Open this link to sign in. It works once and expires in ${minutes}:`,
    link,
    "",
    `If you did not ask to sign in to ${siteName}, you can ignore this email; nobody can sign in without the link.`,
  ].join("\n");
  return { to, subject, html, text };
}
