import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { translatorFor } from "../../../platform/i18n";
import { cleanSubject, html } from "./html";
import { emailColors as C, type EmailSite, type RenderedEmail, renderLayout } from "./layout";

export type ReconfirmEmailInput = { site: EmailSite; firstName: string; confirmUrl: string; locale?: Locale };

/**
 * "Confirm you want the weekly email again": sent when an address that unsubscribed (or complained)
 * signs up again. Nothing changes until its owner presses the button on the page the link opens.
 * In the language of the new signup (English when not given).
 */
export function renderReconfirmEmail(input: ReconfirmEmailInput): RenderedEmail {
  const { site } = input;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const name = input.firstName.trim() || t("email.subscription.friend");
  const subject = t("email.reconfirm.subject", { site: site.name });
  const heading = t("email.reconfirm.heading", { name });
  const lead = t("email.reconfirm.lead", { site: site.name });
  const button = t("email.reconfirm.button");
  const note = t("email.reconfirm.note");
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;line-height:1.25;color:${C.forest};">${heading}</h1>
<p style="margin:0 0 12px;">${lead}</p>
<p style="margin:20px 0;"><a href="${input.confirmUrl}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${button}</a></p>
<p style="margin:0;">${note}</p>`;
  const text = [heading, lead, `${button}: ${input.confirmUrl}`, note].join("\n\n");
  const layout = renderLayout({
    site,
    locale,
    title: subject,
    preheader: t("email.reconfirm.preheader"),
    body,
    bodyText: text,
    reason: t("email.subscription.reasonSignupForm", { site: site.name }),
    links: null,
    noLinkNote: t("email.reconfirm.noLinkNote"),
  });
  return { subject: cleanSubject(subject), html: layout.html, text: layout.text, headers: {} };
}
