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
  /** A pending new signup's confirmation link (double opt-in, decision 182): the welcome then asks to confirm first. */
  confirmUrl?: string;
};

export const CONFIRM_BUTTON_LABEL = "Confirm your subscription";
export const CONFIRM_NOTE =
  "We won't send the weekly email until you confirm. The link works for 7 days; if you didn't sign up, ignore this email and nothing more will be sent.";

const INTRO = `${WEEKLY_EMAIL_WHEN}, your weekly email brings:`;

export function renderWelcomeEmail(input: WelcomeEmailInput): RenderedEmail {
  const { site, action, recipient } = input;
  const name = recipient.firstName.trim() || "friend";
  const link = action ? actionUrl(site, action) : `${site.url}/actions`;

  const confirm = input.confirmUrl;
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${C.forest};">Welcome, ${name}!</h1>
${
  confirm
    ? html`<p style="margin:0 0 12px;">Thanks for signing up for ${site.name}. One last step: please confirm your subscription.</p>
<p style="margin:16px 0;"><a href="${confirm}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${CONFIRM_BUTTON_LABEL}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:${C.muted};">${CONFIRM_NOTE}</p>`
    : ""
}
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
    confirm
      ? `Thanks for signing up for ${site.name}. One last step: please confirm your subscription.\n\n${CONFIRM_BUTTON_LABEL}: ${confirm}\n\n${CONFIRM_NOTE}`
      : "",
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
