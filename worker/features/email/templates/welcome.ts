import { DEFAULT_LOCALE, type Locale, localizePath } from "#contract/i18n/locales";
import { translatorFor } from "../../../platform/i18n";
import type { EmailAction } from "../content-types";
import { cleanSubject, html } from "./html";
import {
  emailColors as C,
  type EmailSite,
  listUnsubscribeHeaders,
  type ManageLinks,
  type RenderedEmail,
  renderLayout,
} from "./layout";
import { actionUrl } from "./weekly";

export type WelcomeEmailInput = {
  site: EmailSite;
  subject: string;
  previewText: string;
  /** The current action, when there is one, so the first email already has something to do. */
  action: EmailAction | null;
  recipient: { firstName: string; links: ManageLinks };
  /** The subscriber's language (English when not given); `subject` and `previewText` come in it. */
  locale?: Locale;
};

export function renderWelcomeEmail(input: WelcomeEmailInput): RenderedEmail {
  const { site, action, recipient } = input;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const name = recipient.firstName.trim() || t("email.subscription.friend");
  // The site's pages in the email's language: /es/actions/… for a Spanish subscriber.
  const link = `${site.url}${localizePath(action ? actionUrl(site, action).slice(site.url.length) : "/actions", locale)}`;
  const heading = t("email.welcome.heading", { name });
  // The promise of every weekly email, in the order templates/weekly.ts renders it (WEEKLY_EMAIL_CONTENTS).
  const intro = t("email.welcome.intro", { site: site.name });
  const contents = [
    t("email.welcome.contents.action"),
    t("email.welcome.contents.impact"),
    t("email.welcome.contents.tip"),
    t("email.welcome.contents.petitions"),
    t("email.welcome.contents.events"),
  ];
  const startWith = t("email.welcome.startWith");
  const cta = action ? action.ctaLabel || t("email.welcome.doAction") : t("email.welcome.seeAction");
  const signoff = t("email.welcome.signoff");
  const team = t("email.welcome.team", { site: site.name });

  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${C.forest};">${heading}</h1>
<p style="margin:0 0 12px;">${intro}</p>
<ul style="margin:0 0 16px;padding-left:22px;">${contents.map((b) => html`<li style="margin:0 0 4px;">${b}</li>`)}</ul>
${
  action
    ? html`<p style="margin:20px 0 4px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${C.moss};">${startWith}</p>
<h2 style="margin:0 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:20px;color:${C.forest};">${action.title}</h2>
${action.summary ? html`<p style="margin:0 0 12px;">${action.summary}</p>` : ""}`
    : ""
}
<p style="margin:20px 0;"><a href="${link}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${cta}</a></p>
<p style="margin:0;">${signoff}<br>${team}</p>`;

  const text = [
    heading,
    `${intro}\n${contents.map((b) => `- ${b}`).join("\n")}`,
    action ? [`${startWith}: ${action.title}`, action.summary].filter(Boolean).join("\n") : "",
    `${cta}: ${link}`,
    `${signoff}\n${team}`,
  ]
    .filter(Boolean)
    .join("\n\n");

  const layout = renderLayout({
    site,
    locale,
    title: input.subject,
    preheader: input.previewText,
    body,
    bodyText: text,
    reason: t("email.welcome.reason", { site: site.name }),
    links: recipient.links,
    noLinkNote: t("email.welcome.noLinkNote"),
  });
  return {
    subject: cleanSubject(input.subject),
    html: layout.html,
    text: layout.text,
    headers: listUnsubscribeHeaders(recipient.links),
  };
}
