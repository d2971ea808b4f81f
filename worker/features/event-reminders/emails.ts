import { eventPath } from "#contract/events/event-path";
import { mapUrl } from "#contract/events/map-url";
import { zoneAbbreviation } from "#contract/platform/zoned-time";
import type { events } from "../../../db/schema";
import { cleanSubject, html, type SafeHtml, safeUrl } from "../email/templates/html";
import { type EmailSite, emailButton, emailHeading, type RenderedEmail, renderLayout } from "../email/templates/layout";
import { allDayDate } from "../events/calendar-file";
import { calendarLinks } from "../events/calendar-links";
import { reminderZone } from "./timing";

type EventRow = typeof events.$inferSelect;

/** The reminder link's page (web/pages/event-reminder.page.ts). */
export const REMINDER_PAGE_PATH = "/reminder";
export const reminderPageUrl = (site: EmailSite, token: string) =>
  `${site.url}${REMINDER_PAGE_PATH}?token=${encodeURIComponent(token)}`;
/** RFC 8058's one-click target: mail clients' own "unsubscribe" cancels the reminder. */
export const reminderOneClickUrl = (site: EmailSite, token: string) =>
  `${site.url}/api/event-reminders/one-click?token=${encodeURIComponent(token)}`;

const LINK = "color:#1f4d36;";

/** "Saturday, December 12, 10:00 AM – 12:00 PM PST" on the event's clock; "Saturday, December 12 (all day)". */
export function whenText(
  e: Pick<EventRow, "startAtUtc" | "endAtUtc" | "allDay" | "timeZone" | "isVirtual">,
  siteZone: string,
) {
  const zone = reminderZone(e, siteZone);
  if (e.allDay) {
    const day = new Date(`${allDayDate(e.startAtUtc)}T12:00:00Z`);
    const date = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
    return `${date.format(day)} (all day)`;
  }
  const start = new Date(e.startAtUtc);
  const date = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: zone });
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: zone });
  const end = e.endAtUtc ? new Date(e.endAtUtc) : null;
  const sameDay = end && end > start && date.format(end) === date.format(start);
  const range = sameDay ? `${time.format(start)} – ${time.format(end)}` : time.format(start);
  return `${date.format(start)}, ${range} ${zoneAbbreviation(start, zone)}`;
}

/** Where, in words: online, the venue and address, or the city. */
export function placeText(e: EventRow): string {
  if (e.isVirtual) return "Online";
  return (
    [e.venueName, e.address ?? [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(", ") ||
    "Place to be announced"
  );
}

/** The event's own page, map and calendar links, as the event page builds them (decision 233). */
function eventLinks(site: EmailSite, e: EventRow) {
  const page = `${site.url}${eventPath(e)}`;
  const calendar = calendarLinks({
    title: e.title,
    description: e.description,
    start_time: e.startAtUtc,
    end_time: e.endAtUtc,
    all_day: e.allDay,
    is_virtual: e.isVirtual,
    venue_name: e.venueName,
    address: e.address,
    city: e.city,
    state: e.state,
    registration_url: e.registrationUrl,
    url: page,
  });
  return {
    page,
    map: e.isVirtual
      ? null
      : mapUrl({
          lat: e.lat,
          lon: e.lon,
          address: e.address,
          venue_name: e.venueName,
          city: e.city,
          state: e.state,
        }),
    google: calendar.google,
    outlook: calendar.outlook,
    ics: `${site.url}/api/events/${encodeURIComponent(e.id)}.ics`,
    register: safeUrl(e.registrationUrl),
  };
}

/** When, where (with the map), the calendars: the block every reminder email shows. */
function detailsBlock(site: EmailSite, e: EventRow, when: string): { html: SafeHtml; text: string[] } {
  const l = eventLinks(site, e);
  const place = placeText(e);
  return {
    html: html`
<p style="margin:0 0 8px;"><strong>When:</strong> ${when}</p>
<p style="margin:0 0 8px;"><strong>Where:</strong> ${place}${l.map ? html` · <a href="${l.map}" style="${LINK}">Open map</a>` : ""}</p>
${l.register && e.isVirtual ? html`<p style="margin:0 0 8px;"><strong>Join:</strong> <a href="${l.register}" style="${LINK}">${l.register}</a></p>` : ""}
<p style="margin:0 0 8px;"><strong>Add to your calendar:</strong> <a href="${l.google}" style="${LINK}">Google</a> · <a href="${l.outlook}" style="${LINK}">Outlook</a> · <a href="${l.ics}" style="${LINK}">.ics file</a></p>
<p style="margin:0 0 8px;"><a href="${l.page}" style="${LINK}">Event details</a>${l.register ? html` · <a href="${l.register}" style="${LINK}">Register with the organizer</a>` : ""}</p>`,
    text: [
      `When: ${when}`,
      `Where: ${place}`,
      ...(l.map ? [`Map: ${l.map}`] : []),
      `Add to Google Calendar: ${l.google}`,
      `Add to Outlook: ${l.outlook}`,
      `Calendar file (.ics): ${l.ics}`,
      `Event details: ${l.page}`,
      ...(l.register ? [`Register with the organizer: ${l.register}`] : []),
    ],
  };
}

const REASON = (site: EmailSite) =>
  `You're receiving this because this address asked ${site.name} for a reminder about this event.`;
const NO_LIST = "This is a one-off reminder: you are not on a mailing list.";

function layout(site: EmailSite, subject: string, preheader: string, body: SafeHtml, text: string[], headers = {}) {
  const rendered = renderLayout({
    site,
    title: subject,
    preheader,
    body,
    bodyText: text.join("\n\n"),
    reason: REASON(site),
    links: null,
    noLinkNote: NO_LIST,
  });
  return { subject: cleanSubject(subject), html: rendered.html, text: rendered.text, headers } satisfies RenderedEmail;
}

/** The cancel line and List-Unsubscribe headers of a reminder that will still go (or just went). */
function cancelParts(site: EmailSite, token: string | null) {
  if (!token) return { html: html``, text: [] as string[], headers: {} };
  const page = reminderPageUrl(site, token);
  return {
    html: html`<p style="margin:16px 0 0;">Can't go? <a href="${page}" style="${LINK}">Cancel the reminder</a>.</p>`,
    text: [`Can't go? Cancel the reminder: ${page}`],
    headers: {
      "List-Unsubscribe": `<${reminderOneClickUrl(site, token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * "Confirm your reminder": the first email to an address that is not a signed-in member's (decision 253). Nothing is
 * set until its owner presses the button on the page the link opens. `alreadySet`: the address already has this
 * reminder (asked again): the email says so instead, with the same link (to see or cancel it).
 */
export function renderConfirmEmail(site: EmailSite, e: EventRow, siteZone: string, token: string, alreadySet: boolean) {
  const when = whenText(e, siteZone);
  const page = reminderPageUrl(site, token);
  if (alreadySet) {
    const subject = `Your reminder for ${e.title} is set`;
    const body = html`${emailHeading(e.title)}
<p style="margin:0 0 12px;">Someone asked for a reminder about this event at this address, and it's already set: we'll email you before it starts, on ${when}.</p>
${emailButton(page, "See or cancel the reminder")}`;
    return layout(site, subject, "Nothing to do: your reminder is already set.", body, [
      e.title,
      `Someone asked for a reminder about this event at this address, and it's already set: we'll email you before it starts, on ${when}.`,
      `See or cancel the reminder: ${page}`,
    ]);
  }
  const subject = `Confirm your reminder for ${e.title}`;
  const body = html`${emailHeading(e.title)}
<p style="margin:0 0 12px;">Someone (hopefully you) asked us to remind this address about this event on ${when}. Press the button to set the reminder.</p>
${emailButton(page, "Set my reminder")}
<p style="margin:0;">If this wasn't you, ignore this email: we won't write about it again. The link works until the event.</p>`;
  return layout(site, subject, "One tap and we'll remind you the day before.", body, [
    e.title,
    `Someone (hopefully you) asked us to remind this address about this event on ${when}. Open this link to set the reminder:`,
    page,
    "If this wasn't you, ignore this email: we won't write about it again. The link works until the event.",
  ]);
}

/** The reminder itself: the day before ("Tomorrow: …") or a late one ("Soon: …"). */
export function renderReminderEmail(
  site: EmailSite,
  e: EventRow,
  siteZone: string,
  token: string | null,
  dayBefore: boolean,
) {
  const when = whenText(e, siteZone);
  const subject = dayBefore ? `Tomorrow: ${e.title}` : `Coming up soon: ${e.title}`;
  const lead = dayBefore ? "A reminder: this event is tomorrow." : "A reminder: this event starts soon.";
  const details = detailsBlock(site, e, when);
  const cancel = cancelParts(site, token);
  const body = html`${emailHeading(e.title)}
<p style="margin:0 0 12px;">${lead}</p>
${details.html}
${cancel.html}`;
  return layout(
    site,
    subject,
    `${when} · ${placeText(e)}`,
    body,
    [e.title, lead, ...details.text, ...cancel.text],
    cancel.headers,
  );
}

/** The event was cancelled (or is no longer listed): no reminder will come. */
export function renderCancelledNotice(site: EmailSite, title: string, when: string) {
  const subject = `Cancelled: ${title}`;
  const events = `${site.url}/events`;
  const body = html`${emailHeading(`Cancelled: ${title}`)}
<p style="margin:0 0 12px;">You asked us to remind you about ${title} on ${when}. It has been cancelled, so there's no reminder to send, and we won't write about it again.</p>
${emailButton(events, "Find other events near you")}`;
  return layout(site, subject, "There's no reminder to send: the event was cancelled.", body, [
    `Cancelled: ${title}`,
    `You asked us to remind you about ${title} on ${when}. It has been cancelled, so there's no reminder to send, and we won't write about it again.`,
    `Find other events near you: ${events}`,
  ]);
}

/** The event moved: its new time, and the reminder that now follows it. */
export function renderMovedNotice(
  site: EmailSite,
  e: EventRow,
  siteZone: string,
  token: string | null,
  previousWhen: string,
) {
  const when = whenText(e, siteZone);
  const subject = `New time: ${e.title}`;
  const details = detailsBlock(site, e, when);
  const cancel = cancelParts(site, token);
  const line = `This event has moved. It was ${previousWhen}; it is now ${when}. We'll remind you before the new time.`;
  const body = html`${emailHeading(`New time: ${e.title}`)}
<p style="margin:0 0 12px;">${line}</p>
${details.html}
${cancel.html}`;
  return layout(
    site,
    subject,
    `Now ${when}`,
    body,
    [`New time: ${e.title}`, line, ...details.text, ...cancel.text],
    cancel.headers,
  );
}
