import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { translatorFor } from "../../../platform/i18n";
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
  /** The language chosen at signup (English when not given). */
  locale?: Locale;
};

/**
 * "Confirm your Earthkind subscription": a new signup's first email (double opt-in, decision 182). Its
 * subject names the step (decision 225): the welcome ("here's what to expect") follows the confirmation.
 * Every word is in the subscriber's language (locales/<locale>/email/subscription.json).
 */
export function renderConfirmSignupEmail(input: ConfirmSignupEmailInput): RenderedEmail {
  const { site } = input;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const name = input.firstName.trim() || t("email.subscription.friend");
  const subject = t("email.confirm.subject", { site: site.name });
  const greeting = t("email.subscription.hi", { name });
  const lead = t("email.confirm.lead", { site: site.name });
  const button = t("email.confirm.button");
  const note = t("email.confirm.note");
  const body = html`
${emailHeading(greeting)}
<p style="margin:0 0 12px;">${lead}</p>
${emailButton(input.confirmUrl, button)}
<p style="margin:0;">${note}</p>`;
  const text = [greeting, lead, `${button}: ${input.confirmUrl}`, note].join("\n\n");
  const layout = renderLayout({
    site,
    locale,
    title: subject,
    preheader: t("email.confirm.preheader"),
    body,
    bodyText: text,
    reason: t("email.subscription.reasonSignupForm", { site: site.name }),
    links: input.links,
    noLinkNote: t("email.confirm.noLinkNote"),
  });
  return {
    subject: cleanSubject(subject),
    html: layout.html,
    text: layout.text,
    headers: listUnsubscribeHeaders(input.links),
  };
}
