import { membersDidThis } from "#contract/actions/schemas";
import { DID_IT_COPY } from "#contract/did-it/messages";
import { eventPath } from "#contract/events/event-path";
import { isValidTimeZone, zoneAbbreviation } from "#contract/platform/zoned-time";
import {
  type EmailAction,
  type EmailEvent,
  type EmailLastWeek,
  type EmailPetition,
  type EmailTip,
  MAX_EMAIL_EVENTS,
  MAX_EMAIL_PETITIONS,
} from "../content-types";
import { cleanSubject, html, safeUrl, withParams } from "./html";
import { inertHtml, inertText } from "./inert-text";
import {
  emailColors as C,
  type EmailSite,
  emailButtons,
  listUnsubscribeHeaders,
  type ManageLinks,
  type RenderedEmail,
  renderLayout,
} from "./layout";

export type WeeklyEmailInput = {
  site: EmailSite;
  action: EmailAction;
  petitions: EmailPetition[];
  events: EmailEvent[];
  /** "Last week": left out when null (nobody recorded last week's action). */
  lastWeek?: EmailLastWeek | null;
  /** The campaign's sustainable-living tip; left out when there is no active tip. */
  tip?: EmailTip | null;
  recipient: {
    firstName: string;
    zipCode: string | null;
    links: ManageLinks;
    /** This recipient's signed "I did it" link (decision 196); none in test sends, which have no subscriber. */
    didItUrl?: string | null;
  };
  /** Test and preview sends say so in the subject. */
  test?: boolean;
};

export const actionUrl = (site: EmailSite, action: Pick<EmailAction, "slug">) =>
  withParams(`${site.url}/actions/${encodeURIComponent(action.slug)}`, {
    utm_source: "email",
    utm_medium: "weekly_email",
    utm_campaign: `weekly_action_${action.slug}`,
  });

/** The event's page on the site (decision 202): when, where, registration and the calendar file in one place. */
export const eventUrl = (site: EmailSite, event: Pick<EmailEvent, "id" | "title">) =>
  withParams(`${site.url}${eventPath(event)}`, {
    utm_source: "email",
    utm_medium: "weekly_email",
    utm_campaign: "events_email",
  });

const petitionUrl = (url: string) =>
  withParams(url, { utm_source: "email", utm_medium: "weekly_email", utm_campaign: "petitions_email" });

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true });
// ICU puts a narrow no-break space before AM/PM; plain-text mail readers show it oddly.
const plain = (s: string) => s.replace(/\s/g, " ");

/**
 * 'MMM d, h:mm a' and the zone's abbreviation in the event's own zone, the site's when the event has
 * none ("Mar 8, 9:00 AM PST"); all-day events on their calendar date; 'Date TBA' as the events page
 * shows them (decision 166).
 */
export function formatEventTime(event: EmailEvent, siteTimeZone: string): string {
  if (!event.start_time) return "Date TBA";
  const start = new Date(event.start_time);
  if (Number.isNaN(start.getTime())) return "Date TBA";
  // Stored from local midnight in the event's zone: noon after it is that date in UTC (decision 042).
  if (event.all_day) return `${plain(dayFormat("UTC").format(start.getTime() + 12 * 3_600_000))}, All day`;
  const timeZone = event.time_zone && isValidTimeZone(event.time_zone) ? event.time_zone : siteTimeZone;
  return plain(
    `${dayFormat(timeZone).format(start)}, ${timeFormat(timeZone).format(start)} ${zoneAbbreviation(start, timeZone)}`,
  );
}

function eventPlace(e: EmailEvent): string {
  if (e.is_virtual) return "Online";
  const place = [e.venue_name, [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
  const distance = typeof e.distance_miles === "number" ? ` (${Math.round(e.distance_miles)} mi)` : "";
  return `${place}${distance}`;
}

const h2 = `margin:28px 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:19px;color:${C.forest};`;

export function renderWeeklyEmail(input: WeeklyEmailInput): RenderedEmail {
  const { site, action, recipient } = input;
  const steps = action.steps.filter((s) => typeof s === "string" && s.trim());
  const materials = action.materials.filter((m) => typeof m === "string" && m.trim());
  const petitions = input.petitions.slice(0, MAX_EMAIL_PETITIONS);
  const events = input.events.filter((e) => e.title).slice(0, MAX_EMAIL_EVENTS);
  const link = actionUrl(site, action);
  const name = recipient.firstName.trim() || "friend";
  const place = (e: EmailEvent) => (eventPlace(e) ? ` · ${eventPlace(e)}` : "");
  const lastWeek = input.lastWeek && input.lastWeek.completedCount > 0 ? input.lastWeek : null;
  const lastWeekLink = lastWeek ? actionUrl(site, { slug: lastWeek.slug }) : null;
  const tip = input.tip ?? null;
  const tipUrl = safeUrl(tip?.url);
  const didItUrl = recipient.didItUrl ?? null;

  const body = html`
<p style="margin:0 0 16px;">Hi ${name},</p>
<p style="margin:0 0 4px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${C.moss};">This week's action</p>
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${C.forest};">${action.title}</h1>
${action.summary ? html`<p style="margin:0 0 12px;">${action.summary}</p>` : ""}
${action.timeRequired ? html`<p style="margin:0 0 12px;"><strong>Time:</strong> ${action.timeRequired}</p>` : ""}
${steps.length ? html`<h2 style="${h2}">How to do it</h2><ol style="margin:0 0 12px;padding-left:22px;">${steps.map((s) => html`<li style="margin:0 0 6px;">${s}</li>`)}</ol>` : ""}
${materials.length ? html`<h2 style="${h2}">What you'll need</h2><ul style="margin:0 0 12px;padding-left:22px;">${materials.map((m) => html`<li style="margin:0 0 4px;">${m}</li>`)}</ul>` : ""}
${emailButtons(
  { href: link, label: action.ctaLabel || "Do This Week's Action" },
  didItUrl ? { href: didItUrl, label: DID_IT_COPY.emailLink } : undefined,
)}
${
  lastWeek
    ? html`<h2 style="${h2}">Last week</h2><p style="margin:0 0 8px;"><a href="${lastWeekLink}" style="color:${C.forest};">${lastWeek.title}</a>: ${membersDidThis(lastWeek.completedCount)}.</p>${lastWeek.notes.map(
        (n) =>
          html`<blockquote style="margin:0 0 8px;padding:4px 0 4px 12px;border-left:3px solid ${C.moss};color:${C.muted};font-style:italic;">“${inertHtml(n)}” — a member</blockquote>`,
      )}`
    : ""
}
${
  tip
    ? html`<h2 style="${h2}">Sustainable living tip: ${tip.title}</h2><p style="margin:0 0 8px;">${tip.body}</p>${tipUrl ? html`<p style="margin:0 0 12px;"><a href="${tipUrl}" style="color:${C.forest};">Learn more</a></p>` : ""}`
    : ""
}
${
  petitions.length
    ? html`<h2 style="${h2}">Quick wins to protect nature</h2><ul style="margin:0 0 12px;padding-left:22px;">${petitions.map(
        (p) =>
          html`<li style="margin:0 0 6px;"><a href="${petitionUrl(p.url)}" style="color:${C.forest};">${p.title}</a>${p.orgName ? html` <span style="color:${C.muted};">— ${p.orgName}</span>` : ""}</li>`,
      )}</ul>`
    : ""
}
${
  events.length
    ? html`<h2 style="${h2}">Events near ${recipient.zipCode ?? "you"}</h2><ul style="margin:0 0 12px;padding-left:22px;">${events.map(
        (e) => {
          const url = safeUrl(eventUrl(site, e));
          return html`<li style="margin:0 0 8px;">${url ? html`<a href="${url}" style="color:${C.forest};">${e.title}</a>` : e.title}<br><span style="color:${C.muted};font-size:14px;">${formatEventTime(e, site.timeZone)}${place(e)}</span></li>`;
        },
      )}</ul>`
    : ""
}
<p style="margin:20px 0 0;">Thank you for protecting the wild.<br>— The ${site.name} team</p>`;

  const text = [
    `Hi ${name},`,
    [`THIS WEEK'S ACTION: ${action.title}`, action.summary, action.timeRequired ? `Time: ${action.timeRequired}` : ""]
      .filter(Boolean)
      .join("\n"),
    steps.length ? `How to do it:\n${steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}` : "",
    materials.length ? `What you'll need:\n${materials.map((m) => `- ${m}`).join("\n")}` : "",
    [`${action.ctaLabel || "Do This Week's Action"}: ${link}`, didItUrl ? `${DID_IT_COPY.emailLink}: ${didItUrl}` : ""]
      .filter(Boolean)
      .join("\n"),
    lastWeek
      ? [
          `LAST WEEK: ${lastWeek.title}: ${membersDidThis(lastWeek.completedCount)}.`,
          ...lastWeek.notes.map((n) => `"${inertText(n)}" — a member`),
          lastWeekLink,
        ].join("\n")
      : "",
    tip
      ? [`SUSTAINABLE LIVING TIP: ${tip.title}`, tip.body, tipUrl ? `Learn more: ${tipUrl}` : ""]
          .filter(Boolean)
          .join("\n")
      : "",
    petitions.length
      ? `Quick wins to protect nature:\n${petitions.map((p) => `- ${p.title}${p.orgName ? ` (${p.orgName})` : ""}: ${petitionUrl(p.url)}`).join("\n")}`
      : "",
    events.length
      ? `Events near ${recipient.zipCode ?? "you"}:\n${events
          .map((e) => {
            const url = safeUrl(eventUrl(site, e));
            return `- ${e.title} — ${formatEventTime(e, site.timeZone)}${place(e)}${url ? `\n  ${url}` : ""}`;
          })
          .join("\n")}`
      : "",
    `Thank you for protecting the wild.\n— The ${site.name} team`,
  ]
    .filter(Boolean)
    .join("\n\n");

  const layout = renderLayout({
    site,
    title: action.title,
    preheader: action.summary || `This week's action: ${action.title}`,
    body,
    bodyText: text,
    reason: `You're receiving this because you subscribed to ${site.name}'s weekly actions.`,
    links: recipient.links,
    noLinkNote: "This is a test send. Subscribers get their personal manage and unsubscribe link here.",
  });

  return {
    subject: cleanSubject(`${input.test ? "[Test] " : ""}This week's action: ${action.title}`),
    html: layout.html,
    text: layout.text,
    headers: listUnsubscribeHeaders(recipient.links),
  };
}
