import { cleanSubject, html } from "./html";
import { emailColors as C, type EmailSite, type RenderedEmail, renderLayout } from "./layout";

export type ReconfirmEmailInput = { site: EmailSite; firstName: string; confirmUrl: string };

/**
 * "Confirm you want the weekly email again": sent when an address that unsubscribed (or complained)
 * signs up again. Nothing changes until its owner presses the button on the page the link opens.
 */
export function renderReconfirmEmail(input: ReconfirmEmailInput): RenderedEmail {
  const { site } = input;
  const name = input.firstName.trim() || "friend";
  const subject = `Confirm you want the ${site.name} weekly email again`;
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;line-height:1.25;color:${C.forest};">Welcome back, ${name}?</h1>
<p style="margin:0 0 12px;">Someone — hopefully you — asked to get ${site.name}'s weekly action email at this address again. This address unsubscribed earlier, so we won't send anything until you confirm.</p>
<p style="margin:20px 0;"><a href="${input.confirmUrl}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">Confirm my subscription</a></p>
<p style="margin:0;">If this wasn't you, ignore this email: you stay unsubscribed. The link works for 7 days.</p>`;
  const text = [
    `Welcome back, ${name}?`,
    `Someone — hopefully you — asked to get ${site.name}'s weekly action email at this address again. This address unsubscribed earlier, so we won't send anything until you confirm.`,
    `Confirm my subscription: ${input.confirmUrl}`,
    "If this wasn't you, ignore this email: you stay unsubscribed. The link works for 7 days.",
  ].join("\n\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: "Nothing changes until you press the button.",
    body,
    bodyText: text,
    reason: `You're receiving this because this address was entered in ${site.name}'s signup form.`,
    links: null,
    noLinkNote: "You are not subscribed; ignoring this email keeps it that way.",
  });
  return { subject: cleanSubject(subject), html: layout.html, text: layout.text, headers: {} };
}
