import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { createMailProvider } from "../../platform/mail/provider";
import { openManageToken } from "../../platform/manage-token";
import { siteFromConfig } from "../email/content";
import { html } from "../email/templates/html";
import {
  emailColors as C,
  type EmailSite,
  manageLinks,
  type RenderedEmail,
  renderLayout,
} from "../email/templates/layout";

/**
 * "Do you want the weekly email again?" An admin cannot resubscribe anyone: this sends the person
 * their own manage link, and only their click on Resubscribe there turns the email back on
 * (decision 112). No List-Unsubscribe headers: the person is not subscribed.
 */
export function renderResubscribeInvite(site: EmailSite, firstName: string, manageToken: string): RenderedEmail {
  const links = manageLinks(site, manageToken);
  const url = links?.manageUrl ?? `${site.url}/unsubscribe`;
  const name = firstName.trim() || "friend";
  const subject = `Would you like ${site.name}'s weekly action again?`;
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${C.forest};">Hi ${name},</h1>
<p style="margin:0 0 12px;">You asked us about getting the weekly action email again. You're currently unsubscribed, and we won't change that without you.</p>
<p style="margin:0 0 12px;">If you'd like one simple nature action every Monday again, open your subscription page and choose <strong>Resubscribe</strong>.</p>
<p style="margin:20px 0;"><a href="${url}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">Resubscribe</a></p>
<p style="margin:0;">If you didn't ask, ignore this email: you'll stay unsubscribed.</p>`;
  const text = [
    `Hi ${name},`,
    "You asked us about getting the weekly action email again. You're currently unsubscribed, and we won't change that without you.",
    `If you'd like one simple nature action every Monday again, open your subscription page and choose Resubscribe: ${url}`,
    "If you didn't ask, ignore this email: you'll stay unsubscribed.",
  ].join("\n\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: "You're unsubscribed; one click brings the weekly action back.",
    body,
    bodyText: text,
    reason: `You once subscribed to ${site.name}'s weekly action email.`,
    links: null,
    noLinkNote: "You are not subscribed; this is a one-off message.",
  });
  return { subject, ...layout, headers: {} };
}

export async function sendResubscribeInvite(
  db: Db,
  config: Config,
  subscriber: {
    id: string;
    email: string;
    firstName: string;
    manageTokenHash: string;
    manageTokenSealed: string | null;
  },
  now: Date,
): Promise<void> {
  const token = await openManageToken(config.JWT_SECRET ?? "", subscriber);
  if (!token) throw new Error("resubscribe invite: the manage token cannot be opened (JWT_SECRET rotated?)");
  const rendered = renderResubscribeInvite(siteFromConfig(config), subscriber.firstName, token);
  // One per person per day: a double click (or a retried request) does not send twice.
  const idempotencyKey = `resubscribe-invite:${subscriber.id}:${now.toISOString().slice(0, 10)}`;
  const [result] = await createMailProvider(config, db).sendBatch([
    { to: subscriber.email, ...rendered, stream: "marketing", idempotencyKey },
  ]);
  if (!result?.ok && result?.suppressed) {
    // Marketing mail (decision 181): the list holds it back, and retrying will not change that.
    throw new AppError(
      409,
      "suppressed",
      "This address is on the suppression list (bounce or complaint), so the invitation was not sent. Remove it from the list in Email Settings first.",
    );
  }
  if (!result?.ok) {
    console.error("resubscribe invite: provider refused the message", result);
    throw new AppError(503, "mail_unavailable", "We couldn't send the email. Please try again in a moment.");
  }
}
