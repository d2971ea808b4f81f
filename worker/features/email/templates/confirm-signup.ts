import { cleanSubject, html } from "./html";
import {
  type EmailSite,
  emailButton,
  emailHeading,
  listUnsubscribeHeaders,
  type ManageLinks,
  type RenderedEmail,
  renderLayout,
} from "./layout";

export type ConfirmSignupEmailInput = {
  site: EmailSite;
  firstName: string;
  confirmUrl: string;
  /** The signup's manage link: it can withdraw the signup (or resend the link) before confirming. */
  links: ManageLinks;
};

export const CONFIRM_BUTTON_LABEL = "Confirm your subscription";
export const CONFIRM_NOTE =
  "We won't send the weekly email until you confirm. The link works for 7 days; if you didn't sign up, ignore this email and nothing more will be sent.";

/**
 * "Confirm your Earthkind subscription": a new signup's first email (double opt-in, decision 182). Its
 * subject names the step (decision 225): the welcome ("here's what to expect") follows the confirmation.
 */
export function renderConfirmSignupEmail(input: ConfirmSignupEmailInput): RenderedEmail {
  const { site } = input;
  const name = input.firstName.trim() || "friend";
  const subject = `Confirm your ${site.name} subscription`;
  const lead = `Thanks for signing up for ${site.name}'s weekly action email: one simple nature action in your inbox every Monday morning. Please confirm your subscription.`;
  const body = html`
${emailHeading(`Hi ${name},`)}
<p style="margin:0 0 12px;">${lead}</p>
${emailButton(input.confirmUrl, CONFIRM_BUTTON_LABEL)}
<p style="margin:0;">${CONFIRM_NOTE}</p>`;
  const text = [`Hi ${name},`, lead, `${CONFIRM_BUTTON_LABEL}: ${input.confirmUrl}`, CONFIRM_NOTE].join("\n\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: `One click to confirm, and your first weekly action arrives on Monday.`,
    body,
    bodyText: text,
    reason: `You're receiving this because this address was entered in ${site.name}'s signup form.`,
    links: input.links,
    noLinkNote: "You are not subscribed until you confirm; ignoring this email keeps it that way.",
  });
  return {
    subject: cleanSubject(subject),
    html: layout.html,
    text: layout.text,
    headers: listUnsubscribeHeaders(input.links),
  };
}
