import { eventPath } from "#contract/events/event-path";
import { LOCALE_TAGS, type Locale, localizePath } from "#contract/i18n/locales";
import { isValidTimeZone, zoneAbbreviation } from "#contract/platform/zoned-time";
import { translatorFor } from "../../../platform/i18n";
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
  /** In the reader's language when written there; `language` says when it is English instead (decision 272). */
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
  /** The reader's language: the email's own words, dates and links (English by default). */
  locale?: Locale;
  /** Test and preview sends say so in the subject. */
  test?: boolean;
};

/** The action's page in the reader's language. */
export const actionUrl = (site: EmailSite, action: Pick<EmailAction, "slug">, locale: Locale = "en") =>
  withParams(`${site.url}${localizePath(`/actions/${encodeURIComponent(action.slug)}`, locale)}`, {
    utm_source: "email",
    utm_medium: "weekly_email",
    utm_campaign: `weekly_action_${action.slug}`,
  });

/** The event's page on the site (decision 202): when, where, registration and the calendar file in one place. */
export const eventUrl = (site: EmailSite, event: Pick<EmailEvent, "id" | "title">, locale: Locale = "en") =>
  withParams(`${site.url}${localizePath(eventPath(event), locale)}`, {
    utm_source: "email",
    utm_medium: "weekly_email",
    utm_campaign: "events_email",
  });

const petitionUrl = (url: string) =>
  withParams(url, { utm_source: "email", utm_medium: "weekly_email", utm_campaign: "petitions_email" });

const dayFormat = (timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeZone, month: "short", day: "numeric" });
const timeFormat = (timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeZone, hour: "numeric", minute: "2-digit", hour12: true });
// ICU puts a narrow no-break space before AM/PM; plain-text mail readers show it oddly.
const plain = (s: string) => s.replace(/\s/g, " ");

/**
 * 'MMM d, h:mm a' and the zone's abbreviation in the event's own zone, the site's when the event has
 * none ("Mar 8, 9:00 AM PST"); all-day events on their calendar date; 'Date TBA' as the events page
 * shows them (decision 166). In the reader's language.
 */
export function formatEventTime(event: EmailEvent, siteTimeZone: string, locale: Locale = "en"): string {
  const t = translatorFor(locale);
  if (!event.start_time) return t("weekly.events.date_tba");
  const start = new Date(event.start_time);
  if (Number.isNaN(start.getTime())) return t("weekly.events.date_tba");
  // Stored from local midnight in the event's zone: noon after it is that date in UTC (decision 042).
  if (event.all_day)
    return `${plain(dayFormat("UTC", locale).format(start.getTime() + 12 * 3_600_000))}, ${t("weekly.events.all_day")}`;
  const timeZone = event.time_zone && isValidTimeZone(event.time_zone) ? event.time_zone : siteTimeZone;
  return plain(
    `${dayFormat(timeZone, locale).format(start)}, ${timeFormat(timeZone, locale).format(start)} ${zoneAbbreviation(start, timeZone)}`,
  );
}

function eventPlace(e: EmailEvent, locale: Locale): string {
  const t = translatorFor(locale);
  if (e.is_virtual) return t("weekly.events.online");
  const place = [e.venue_name, [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
  const distance =
    typeof e.distance_miles === "number"
      ? ` (${t("weekly.events.miles", { miles: Math.round(e.distance_miles) })})`
      : "";
  return `${place}${distance}`;
}

const h2 = `margin:28px 0 8px;font-family:Georgia,'Times New Roman',serif;font-size:19px;color:${C.forest};`;

/** Marks text that is in English inside an email in another language (screen readers switch voice). */
const langAttr = (text: Locale | undefined, reader: Locale) =>
  (text ?? "en") === reader ? "" : html` lang="${text ?? "en"}"`;

/** Inline text in its own language, wrapped only when that is not the email's. */
const inLang = (attr: ReturnType<typeof langAttr>, text: string) => (attr ? html`<span${attr}>${text}</span>` : text);

/**
 * The weekly email in one language (decision 272): its own words are the reader's; the action and the tip are theirs
 * when written, otherwise the English ones, marked, under a one-line note saying the action is only in English so far.
 */
export function renderWeeklyEmail(input: WeeklyEmailInput): RenderedEmail {
  const { site, action, recipient } = input;
  const locale = input.locale ?? "en";
  const t = translatorFor(locale);
  const steps = action.steps.filter((s) => typeof s === "string" && s.trim());
  const materials = action.materials.filter((m) => typeof m === "string" && m.trim());
  const petitions = input.petitions.slice(0, MAX_EMAIL_PETITIONS);
  const events = input.events.filter((e) => e.title).slice(0, MAX_EMAIL_EVENTS);
  const link = actionUrl(site, action, locale);
  const name = recipient.firstName.trim() || t("weekly.friend");
  const place = (e: EmailEvent) => (eventPlace(e, locale) ? ` · ${eventPlace(e, locale)}` : "");
  const lastWeek = input.lastWeek && input.lastWeek.completedCount > 0 ? input.lastWeek : null;
  const lastWeekLink = lastWeek ? actionUrl(site, { slug: lastWeek.slug }, locale) : null;
  // Last week's action by its title in the reader's language, else by what it was (never an English title here).
  const lastWeekTitle = lastWeek
    ? ((locale === "es" ? lastWeek.titleEs : lastWeek.title) ?? "") || t("weekly.last_week.untitled")
    : "";
  const lastWeekDone = lastWeek ? t("weekly.last_week.done", { count: lastWeek.completedCount }) : "";
  const tip = input.tip ?? null;
  const tipUrl = safeUrl(tip?.url);
  const didItUrl = recipient.didItUrl ?? null;
  const actionLang = langAttr(action.language, locale);
  const tipLang = langAttr(tip?.language, locale);
  const englishOnly = locale !== "en" && (action.language ?? "en") === "en";
  const ctaLabel = action.ctaLabel || t("weekly.cta_default");
  const didItLabel = t("weekly.did_it");
  const eventsHeading = t("weekly.events", { place: recipient.zipCode ?? t("weekly.events.you") });
  const petitionsHeading = t("weekly.petitions");

  const body = html`
<p style="margin:0 0 16px;">${t("weekly.greeting", { name })}</p>
${englishOnly ? html`<p style="margin:0 0 16px;padding:8px 12px;background:${C.sand};border-radius:8px;">${t("weekly.english_only")}</p>` : ""}
<p style="margin:0 0 4px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${C.moss};">${t("weekly.kicker")}</p>
<h1${actionLang} style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25;color:${C.forest};">${action.title}</h1>
${action.summary ? html`<p${actionLang} style="margin:0 0 12px;">${action.summary}</p>` : ""}
${action.timeRequired ? html`<p style="margin:0 0 12px;"><strong>${t("weekly.time")}</strong> ${inLang(actionLang, action.timeRequired)}</p>` : ""}
${steps.length ? html`<h2 style="${h2}">${t("weekly.steps")}</h2><ol${actionLang} style="margin:0 0 12px;padding-left:22px;">${steps.map((s) => html`<li style="margin:0 0 6px;">${s}</li>`)}</ol>` : ""}
${materials.length ? html`<h2 style="${h2}">${t("weekly.materials")}</h2><ul${actionLang} style="margin:0 0 12px;padding-left:22px;">${materials.map((m) => html`<li style="margin:0 0 4px;">${m}</li>`)}</ul>` : ""}
${emailButtons(
  // An English button label would be the only English words left in the chrome: the reader's default instead.
  { href: link, label: englishOnly ? t("weekly.cta_default") : ctaLabel },
  didItUrl ? { href: didItUrl, label: didItLabel } : undefined,
)}
${
  lastWeek
    ? html`<h2 style="${h2}">${t("weekly.last_week")}</h2><p style="margin:0 0 8px;"><a href="${lastWeekLink}" style="color:${C.forest};">${lastWeekTitle}</a>: ${lastWeekDone}.</p>${lastWeek.notes.map(
        (n) =>
          html`<blockquote style="margin:0 0 8px;padding:4px 0 4px 12px;border-left:3px solid ${C.moss};color:${C.muted};font-style:italic;">“${inertHtml(n)}” ${t("weekly.last_week.member")}</blockquote>`,
      )}`
    : ""
}
${
  tip
    ? html`<h2 style="${h2}">${tipLang ? html`${t("weekly.tip.label")} ${inLang(tipLang, tip.title)}` : t("weekly.tip", { title: tip.title })}</h2><p${tipLang} style="margin:0 0 8px;">${tip.body}</p>${tipUrl ? html`<p style="margin:0 0 12px;"><a href="${tipUrl}" style="color:${C.forest};">${t("weekly.tip.more")}</a></p>` : ""}`
    : ""
}
${
  petitions.length
    ? html`<h2 style="${h2}">${petitionsHeading}</h2><ul style="margin:0 0 12px;padding-left:22px;">${petitions.map(
        (p) =>
          html`<li style="margin:0 0 6px;"><a href="${petitionUrl(p.url)}" style="color:${C.forest};">${p.title}</a>${p.orgName ? html` <span style="color:${C.muted};">— ${p.orgName}</span>` : ""}</li>`,
      )}</ul>`
    : ""
}
${
  events.length
    ? html`<h2 style="${h2}">${eventsHeading}</h2><ul style="margin:0 0 12px;padding-left:22px;">${events.map((e) => {
        const url = safeUrl(eventUrl(site, e, locale));
        return html`<li style="margin:0 0 8px;">${url ? html`<a href="${url}" style="color:${C.forest};">${e.title}</a>` : e.title}<br><span style="color:${C.muted};font-size:14px;">${formatEventTime(e, site.timeZone, locale)}${place(e)}</span></li>`;
      })}</ul>`
    : ""
}
<p style="margin:20px 0 0;">${t("weekly.thanks")}<br>${t("weekly.sign_off", { site: site.name })}</p>`;

  const text = [
    t("weekly.greeting", { name }),
    englishOnly ? t("weekly.english_only") : "",
    [
      t("weekly.kicker.text", { title: action.title }),
      action.summary,
      action.timeRequired ? `${t("weekly.time")} ${action.timeRequired}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    steps.length ? `${t("weekly.steps")}:\n${steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}` : "",
    materials.length ? `${t("weekly.materials")}:\n${materials.map((m) => `- ${m}`).join("\n")}` : "",
    [`${englishOnly ? t("weekly.cta_default") : ctaLabel}: ${link}`, didItUrl ? `${didItLabel}: ${didItUrl}` : ""]
      .filter(Boolean)
      .join("\n"),
    lastWeek
      ? [
          t("weekly.last_week.text", { title: lastWeekTitle, done: lastWeekDone }),
          ...lastWeek.notes.map((n) => `"${inertText(n)}" ${t("weekly.last_week.member")}`),
          lastWeekLink,
        ].join("\n")
      : "",
    tip
      ? [t("weekly.tip.text", { title: tip.title }), tip.body, tipUrl ? `${t("weekly.tip.more")}: ${tipUrl}` : ""]
          .filter(Boolean)
          .join("\n")
      : "",
    petitions.length
      ? `${petitionsHeading}:\n${petitions.map((p) => `- ${p.title}${p.orgName ? ` (${p.orgName})` : ""}: ${petitionUrl(p.url)}`).join("\n")}`
      : "",
    events.length
      ? `${eventsHeading}:\n${events
          .map((e) => {
            const url = safeUrl(eventUrl(site, e, locale));
            return `- ${e.title} — ${formatEventTime(e, site.timeZone, locale)}${place(e)}${url ? `\n  ${url}` : ""}`;
          })
          .join("\n")}`
      : "",
    `${t("weekly.thanks")}\n${t("weekly.sign_off", { site: site.name })}`,
  ]
    .filter(Boolean)
    .join("\n\n");

  const layout = renderLayout({
    site,
    title: action.title,
    preheader: action.summary || t("weekly.preheader", { title: action.title }),
    body,
    bodyText: text,
    reason: t("weekly.reason", { site: site.name }),
    links: recipient.links,
    noLinkNote: t("weekly.test_note"),
    locale,
  });

  return {
    subject: cleanSubject(t(input.test ? "weekly.subject.test" : "weekly.subject", { title: action.title })),
    html: layout.html,
    text: layout.text,
    headers: listUnsubscribeHeaders(recipient.links),
  };
}
