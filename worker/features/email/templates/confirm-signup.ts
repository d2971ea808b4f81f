import { cleanSubject, html } from "./html";
import { emailColors as C, type EmailSite, type RenderedEmail, renderLayout } from "./layout";
import { CONFIRM_BUTTON_LABEL, CONFIRM_NOTE } from "./welcome";

export type ConfirmSignupEmailInput = { site: EmailSite; firstName: string; confirmUrl: string };

/**
 * "Confirm your subscription": a new signup's confirmation when the admin has turned the welcome email
 * off (double opt-in, decision 182). Just the link; nothing is sent weekly until it is used.
 */
export function renderConfirmSignupEmail(input: ConfirmSignupEmailInput): RenderedEmail {
  const { site } = input;
  const name = input.firstName.trim() || "friend";
  const subject = `Confirm your ${site.name} subscription`;
  const lead = `Thanks for signing up for ${site.name}'s weekly action email: one simple nature action in your inbox every Monday morning. Please confirm your subscription.`;
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;line-height:1.25;color:${C.forest};">Hi ${name},</h1>
<p style="margin:0 0 12px;">${lead}</p>
<p style="margin:20px 0;"><a href="${input.confirmUrl}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${CONFIRM_BUTTON_LABEL}</a></p>
<p style="margin:0;">${CONFIRM_NOTE}</p>`;
  const text = [`Hi ${name},`, lead, `${CONFIRM_BUTTON_LABEL}: ${input.confirmUrl}`, CONFIRM_NOTE].join("\n\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: "One click to start getting the weekly action.",
    body,
    bodyText: text,
    reason: `You're receiving this because this address was entered in ${site.name}'s signup form.`,
    links: null,
    noLinkNote: "You are not subscribed until you confirm; ignoring this email keeps it that way.",
  });
  return { subject: cleanSubject(subject), html: layout.html, text: layout.text, headers: {} };
}
