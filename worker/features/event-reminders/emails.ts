import { eventPath } from "#contract/events/event-path";
import { mapUrl } from "#contract/events/map-url";
import { LOCALE_TAGS, type Locale, localizePath } from "#contract/i18n/locales";
import { zoneAbbreviation } from "#contract/platform/zoned-time";
import type { events } from "../../../db/schema";
import { cleanSubject, html, type SafeHtml, safeUrl } from "../email/templates/html";
import { type EmailSite, emailButton, emailHeading, type RenderedEmail, renderLayout } from "../email/templates/layout";
import { allDayDate } from "../events/calendar-file";
import { calendarLinks } from "../events/calendar-links";
import { reminderZone } from "./timing";

type EventRow = typeof events.$inferSelect;

/**
 * The reminder's language and its messages (`{ locale, t: translatorFor(locale) }`, decision 273). Given rather than
 * imported, so the e2e email samples can render these emails outside the Worker's build.
 */
export type EmailLanguage = {
  locale: Locale;
  t: (id: string, values?: Record<string, string | number | Date>) => string;
};

/** The reminder link's page (web/pages/event-reminder.page.ts), in the reminder's language (decision 273). */
export const REMINDER_PAGE_PATH = "/reminder";
export const reminderPageUrl = (site: EmailSite, token: string, locale: Locale = "en") =>
  `${site.url}${localizePath(REMINDER_PAGE_PATH, locale)}?token=${encodeURIComponent(token)}`;
/** RFC 8058's one-click target: mail clients' own "unsubscribe" cancels the reminder. */
export const reminderOneClickUrl = (site: EmailSite, token: string) =>
  `${site.url}/api/event-reminders/one-click?token=${encodeURIComponent(token)}`;

const LINK = "color:#1f4d36;";

/**
 * "Saturday, December 12, 10:00 AM – 12:00 PM PST" on the event's clock; "Saturday, December 12 (all day)". In
 * Spanish: "sábado, 12 de diciembre, 10:00 a.m. – 12:00 p.m. PST".
 */
export function whenText(
  e: Pick<EventRow, "startAtUtc" | "endAtUtc" | "allDay" | "timeZone" | "isVirtual">,
  siteZone: string,
  { locale, t }: EmailLanguage,
) {
  const tag = LOCALE_TAGS[locale];
  const zone = reminderZone(e, siteZone);
  if (e.allDay) {
    const day = new Date(`${allDayDate(e.startAtUtc)}T12:00:00Z`);
    const date = new Intl.DateTimeFormat(tag, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
    return t("reminders.when.allDay", { date: date.format(day) });
  }
  const start = new Date(e.startAtUtc);
  const date = new Intl.DateTimeFormat(tag, { weekday: "long", month: "long", day: "numeric", timeZone: zone });
  const time = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit", timeZone: zone });
  const end = e.endAtUtc ? new Date(e.endAtUtc) : null;
  const sameDay = end && end > start && date.format(end) === date.format(start);
  const range = sameDay ? `${time.format(start)} – ${time.format(end)}` : time.format(start);
  return `${date.format(start)}, ${range} ${zoneAbbreviation(start, zone)}`;
}

/** Where, in words: online, the venue and address (as the event has them), or the city. */
export function placeText(e: EventRow, { t }: EmailLanguage): string {
  if (e.isVirtual) return t("reminders.place.online");
  return (
    [e.venueName, e.address ?? [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(", ") ||
    t("reminders.place.tba")
  );
}

/** The event's own page (in the reminder's language), map and calendar links, as the event page builds them (decision 233). */
function eventLinks(site: EmailSite, e: EventRow, locale: Locale) {
  const page = `${site.url}${localizePath(eventPath(e), locale)}`;
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
function detailsBlock(
  site: EmailSite,
  e: EventRow,
  when: string,
  lang: EmailLanguage,
): { html: SafeHtml; text: string[] } {
  const { t } = lang;
  const l = eventLinks(site, e, lang.locale);
  const place = placeText(e, lang);
  return {
    html: html`
<p style="margin:0 0 8px;"><strong>${t("reminders.details.when")}</strong> ${when}</p>
<p style="margin:0 0 8px;"><strong>${t("reminders.details.where")}</strong> ${place}${l.map ? html` · <a href="${l.map}" style="${LINK}">${t("reminders.details.openMap")}</a>` : ""}</p>
${l.register && e.isVirtual ? html`<p style="margin:0 0 8px;"><strong>${t("reminders.details.join")}</strong> <a href="${l.register}" style="${LINK}">${l.register}</a></p>` : ""}
<p style="margin:0 0 8px;"><strong>${t("reminders.details.addToCalendar")}</strong> <a href="${l.google}" style="${LINK}">${t("reminders.details.google")}</a> · <a href="${l.outlook}" style="${LINK}">${t("reminders.details.outlook")}</a> · <a href="${l.ics}" style="${LINK}">${t("reminders.details.icsFile")}</a></p>
<p style="margin:0 0 8px;"><a href="${l.page}" style="${LINK}">${t("reminders.details.eventDetails")}</a>${l.register ? html` · <a href="${l.register}" style="${LINK}">${t("reminders.details.register")}</a>` : ""}</p>`,
    text: [
      `${t("reminders.details.when")} ${when}`,
      `${t("reminders.details.where")} ${place}`,
      ...(l.map ? [`${t("reminders.details.map")}: ${l.map}`] : []),
      `${t("reminders.details.addToGoogle")}: ${l.google}`,
      `${t("reminders.details.addToOutlook")}: ${l.outlook}`,
      `${t("reminders.details.calendarFile")}: ${l.ics}`,
      `${t("reminders.details.eventDetails")}: ${l.page}`,
      ...(l.register ? [`${t("reminders.details.register")}: ${l.register}`] : []),
    ],
  };
}

function layout(
  site: EmailSite,
  { locale, t }: EmailLanguage,
  subject: string,
  preheader: string,
  body: SafeHtml,
  text: string[],
  headers = {},
) {
  const rendered = renderLayout({
    locale,
    site,
    title: subject,
    preheader,
    body,
    bodyText: text.join("\n\n"),
    reason: t("reminders.footer.reason", { site: site.name }),
    links: null,
    noLinkNote: t("reminders.footer.noList"),
  });
  return { subject: cleanSubject(subject), html: rendered.html, text: rendered.text, headers } satisfies RenderedEmail;
}

/** The cancel line and List-Unsubscribe headers of a reminder that will still go (or just went). */
function cancelParts(site: EmailSite, token: string | null, { locale, t }: EmailLanguage) {
  if (!token) return { html: html``, text: [] as string[], headers: {} };
  const page = reminderPageUrl(site, token, locale);
  return {
    html: html`<p style="margin:16px 0 0;">${t("reminders.cancel.question")} <a href="${page}" style="${LINK}">${t("reminders.cancel.link")}</a>.</p>`,
    text: [`${t("reminders.cancel.question")} ${t("reminders.cancel.link")}: ${page}`],
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
export function renderConfirmEmail(
  site: EmailSite,
  e: EventRow,
  siteZone: string,
  token: string,
  alreadySet: boolean,
  lang: EmailLanguage,
) {
  const { locale, t } = lang;
  const when = whenText(e, siteZone, lang);
  const page = reminderPageUrl(site, token, locale);
  if (alreadySet) {
    const subject = t("reminders.confirm.setSubject", { title: e.title });
    const line = t("reminders.confirm.setBody", { when });
    const body = html`${emailHeading(e.title)}
<p style="margin:0 0 12px;">${line}</p>
${emailButton(page, t("reminders.confirm.setButton"))}`;
    return layout(site, lang, subject, t("reminders.confirm.setPreheader"), body, [
      e.title,
      line,
      `${t("reminders.confirm.setButton")}: ${page}`,
    ]);
  }
  const subject = t("reminders.confirm.subject", { title: e.title });
  const notYou = t("reminders.confirm.notYou");
  const body = html`${emailHeading(e.title)}
<p style="margin:0 0 12px;">${t("reminders.confirm.body", { when })}</p>
${emailButton(page, t("reminders.confirm.button"))}
<p style="margin:0;">${notYou}</p>`;
  return layout(site, lang, subject, t("reminders.confirm.preheader"), body, [
    e.title,
    t("reminders.confirm.bodyText", { when }),
    page,
    notYou,
  ]);
}

/** The reminder itself: the day before ("Tomorrow: …") or a late one ("Soon: …"). */
export function renderReminderEmail(
  site: EmailSite,
  e: EventRow,
  siteZone: string,
  token: string | null,
  dayBefore: boolean,
  lang: EmailLanguage,
) {
  const { t } = lang;
  const when = whenText(e, siteZone, lang);
  const subject = dayBefore
    ? t("reminders.reminder.tomorrowSubject", { title: e.title })
    : t("reminders.reminder.soonSubject", { title: e.title });
  const lead = dayBefore ? t("reminders.reminder.tomorrowLead") : t("reminders.reminder.soonLead");
  const details = detailsBlock(site, e, when, lang);
  const cancel = cancelParts(site, token, lang);
  const body = html`${emailHeading(e.title)}
<p style="margin:0 0 12px;">${lead}</p>
${details.html}
${cancel.html}`;
  return layout(
    site,
    lang,
    subject,
    `${when} · ${placeText(e, lang)}`,
    body,
    [e.title, lead, ...details.text, ...cancel.text],
    cancel.headers,
  );
}

/** The event was cancelled (or is no longer listed): no reminder will come. */
export function renderCancelledNotice(site: EmailSite, title: string, when: string, lang: EmailLanguage) {
  const { locale, t } = lang;
  const subject = t("reminders.cancelled.subject", { title });
  const events = `${site.url}${localizePath("/events", locale)}`;
  const line = t("reminders.cancelled.body", { title, when });
  const body = html`${emailHeading(subject)}
<p style="margin:0 0 12px;">${line}</p>
${emailButton(events, t("reminders.cancelled.button"))}`;
  return layout(site, lang, subject, t("reminders.cancelled.preheader"), body, [
    subject,
    line,
    `${t("reminders.cancelled.button")}: ${events}`,
  ]);
}

/** The event moved: its new time, and the reminder that now follows it. */
export function renderMovedNotice(
  site: EmailSite,
  e: EventRow,
  siteZone: string,
  token: string | null,
  previousWhen: string,
  lang: EmailLanguage,
) {
  const { t } = lang;
  const when = whenText(e, siteZone, lang);
  const subject = t("reminders.moved.subject", { title: e.title });
  const details = detailsBlock(site, e, when, lang);
  const cancel = cancelParts(site, token, lang);
  const line = t("reminders.moved.line", { previous: previousWhen, when });
  const body = html`${emailHeading(subject)}
<p style="margin:0 0 12px;">${line}</p>
${details.html}
${cancel.html}`;
  return layout(
    site,
    lang,
    subject,
    t("reminders.moved.preheader", { when }),
    body,
    [subject, line, ...details.text, ...cancel.text],
    cancel.headers,
  );
}
