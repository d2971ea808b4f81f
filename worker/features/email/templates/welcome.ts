import { WEEKLY_EMAIL_CONTENTS, WEEKLY_EMAIL_WHEN } from "#contract/email/weekly-contents";
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
};

const INTRO = `${WEEKLY_EMAIL_WHEN}, your weekly email brings:`;

export function renderWelcomeEmail(input: WelcomeEmailInput): RenderedEmail {
  const { site, action, recipient } = input;
  const name = recipient.firstName.trim() || "friend";
  const link = action ? actionUrl(site, action) : `${site.url}/actions`;

  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${C.forest};">Welcome, ${name}!</h1>
<p style="margin:0 0 12px;">Thanks for joining ${site.name}. Here's what to expect. ${INTRO}</p>
<ul style="margin:0 0 16px;padding-left:22px;">${WEEKLY_EMAIL_CONTENTS.map((b) => html`<li style="margin:0 0 4px;">${b}</li>`)}</ul>
${
  action
    ? html`<p style="margin:20px 0 4px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${C.moss};">Start with this week's action</p>
<h2 style="margin:0 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:20px;color:${C.forest};">${action.title}</h2>
${action.summary ? html`<p style="margin:0 0 12px;">${action.summary}</p>` : ""}`
    : ""
}
<p style="margin:20px 0;"><a href="${link}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${action ? action.ctaLabel || "Do This Week's Action" : "See this week's action"}</a></p>
<p style="margin:0;">Together, one week at a time.<br>— The ${site.name} team</p>`;

  const text = [
    `Welcome, ${name}!`,
    `Thanks for joining ${site.name}. Here's what to expect. ${INTRO}\n${WEEKLY_EMAIL_CONTENTS.map((b) => `- ${b}`).join("\n")}`,
    action ? [`Start with this week's action: ${action.title}`, action.summary].filter(Boolean).join("\n") : "",
    `${action ? action.ctaLabel || "Do This Week's Action" : "See this week's action"}: ${link}`,
    `Together, one week at a time.\n— The ${site.name} team`,
  ]
    .filter(Boolean)
    .join("\n\n");

  const layout = renderLayout({
    site,
    title: input.subject,
    preheader: input.previewText,
    body,
    bodyText: text,
    reason: `You're receiving this because you signed up for ${site.name}'s weekly actions.`,
    links: recipient.links,
    noLinkNote: "This is a test send. Subscribers get their personal manage and unsubscribe link here.",
  });
  return {
    subject: cleanSubject(input.subject),
    html: layout.html,
    text: layout.text,
    headers: listUnsubscribeHeaders(recipient.links),
  };
}
