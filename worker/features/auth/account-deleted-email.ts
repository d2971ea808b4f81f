import { html } from "../email/templates/html";
import { type EmailSite, emailHeading, type RenderedEmail, renderLayout } from "../email/templates/layout";

/** The confirmation that an account was deleted: says what went and what, by law or for safety, stays a while. */
export function renderAccountDeletedEmail(site: EmailSite, retentionDays: number): RenderedEmail {
  const subject = `Your ${site.name} account has been deleted`;
  const body = html`
${emailHeading("Your account has been deleted")}
<p style="margin:0 0 12px;">As you asked, we deleted your ${site.name} account: your profile, your completed actions and notes, and every sign-in. You have been signed out on every device, and if this address was subscribed to the weekly action, it is now unsubscribed and its subscription data deleted.</p>
<p style="margin:0 0 12px;">Security logs of past sign-ins no longer name you; they are deleted after ${retentionDays} days.</p>
<p style="margin:0;">If you didn't ask for this, reply to this email and tell us.</p>`;
  const text = [
    "Your account has been deleted",
    `As you asked, we deleted your ${site.name} account: your profile, your completed actions and notes, and every sign-in. You have been signed out on every device, and if this address was subscribed to the weekly action, it is now unsubscribed and its subscription data deleted.`,
    `Security logs of past sign-ins no longer name you; they are deleted after ${retentionDays} days.`,
    "If you didn't ask for this, reply to this email and tell us.",
  ].join("\n\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: "Your profile, progress and sign-ins are gone.",
    body,
    bodyText: text,
    reason: `You deleted your account on ${site.url}.`,
    links: null,
    noLinkNote: "This is the last email about your account.",
  });
  return { subject, ...layout, headers: {} };
}
