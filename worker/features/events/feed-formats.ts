import type { JsonFeed } from "#contract/events/open-data-responses";
import type { FeedContents } from "./calendar-feed";
import { allDayDate } from "./calendar-file";
import { categoryCardPath } from "./category-card";
import type { Hit } from "./search";

/** Where a feed's list is read, and the feed's own address: the readers' "home" and "self" links. */
type FeedSite = { siteOrigin: string; feedUrl: string; homeUrl: string };

const SUMMARY_MAX = 280;

/** "Sat, Dec 12, 2026, 9:00 AM PST" in the event's zone, or "Dec 12, 2026 (all day)"; UTC for online events. */
function whenText(row: Hit["row"]): string {
  const start = new Date(row.startAtUtc);
  if (row.allDay) {
    const day = new Date(`${allDayDate(row.startAtUtc)}T12:00:00Z`);
    return `${day.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })} (all day)`;
  }
  return start.toLocaleString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: row.timeZone ?? "UTC",
    timeZoneName: "short",
  });
}

const whereText = (row: Hit["row"]) =>
  row.isVirtual ? "Online" : [row.venueName, row.address, row.city, row.state].filter(Boolean).join(", ");

/** The plain text a reader shows: when, where, then the description. */
function contentText(row: Hit["row"], cancelled: boolean): string {
  return [
    cancelled ? "CANCELLED" : null,
    `When: ${whenText(row)}`,
    `Where: ${whereText(row) || "To be announced"}`,
    row.description,
    row.registrationUrl ? `Register: ${row.registrationUrl}` : null,
  ]
    .filter(Boolean)
    .join("\n\n");
}

const summaryOf = (row: Hit["row"]) => {
  const line = `${whenText(row)} · ${whereText(row) || "Place to be announced"}`;
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
};

const imageOf = (row: Hit["row"], origin: string) =>
  row.imageUrl?.startsWith("https://")
    ? row.imageUrl
    : new URL(row.imageUrl?.startsWith("/media/") ? row.imageUrl : categoryCardPath(row.category), origin).toString();

/** GET /api/events/feed.json: the feed as JSON Feed 1.1, each item carrying the event's facts under `_event`. */
export function eventsJsonFeed(feed: FeedContents, site: FeedSite): JsonFeed {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: site.homeUrl,
    feed_url: site.feedUrl,
    description: "Upcoming conservation events, soonest first.",
    language: "en-US",
    items: feed.hits.map((h) => {
      const row = h.row;
      const url = feed.pageUrl(h);
      const cancelled = feed.states.get(row.id)?.cancelled ?? false;
      return {
        id: url,
        url,
        ...(row.registrationUrl ? { external_url: row.registrationUrl } : {}),
        title: cancelled ? `Cancelled: ${row.title}` : row.title,
        content_text: contentText(row, cancelled),
        summary: summaryOf(row),
        image: imageOf(row, site.siteOrigin),
        tags: [row.category, row.isVirtual ? "online" : row.state].filter((t): t is string => Boolean(t)),
        _event: {
          start_time: row.startAtUtc,
          end_time: row.endAtUtc,
          all_day: row.allDay,
          time_zone: row.isVirtual ? null : row.timeZone,
          venue_name: row.venueName,
          city: row.city,
          state: row.state,
          is_virtual: row.isVirtual,
          cancelled,
          registration_url: row.registrationUrl,
        },
      };
    }),
  };
}

/** XML 1.0 text: markup characters escaped, characters XML forbids dropped. */
const xml = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these control characters.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** GET /api/events/feed.rss: the feed as RSS 2.0 (text descriptions, escaped; the page URL as a permalink guid). */
export function eventsRss(feed: FeedContents, site: FeedSite, now: Date): string {
  const items = feed.hits.map((h) => {
    const row = h.row;
    const url = feed.pageUrl(h);
    const cancelled = feed.states.get(row.id)?.cancelled ?? false;
    return [
      "<item>",
      `<title>${xml(cancelled ? `Cancelled: ${row.title}` : row.title)}</title>`,
      `<link>${xml(url)}</link>`,
      `<guid isPermaLink="true">${xml(url)}</guid>`,
      `<description>${xml(contentText(row, cancelled))}</description>`,
      row.category ? `<category>${xml(row.category)}</category>` : "",
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xml(feed.title)}</title>`,
    `<link>${xml(site.homeUrl)}</link>`,
    `<atom:link href="${xml(site.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    "<description>Upcoming conservation events, soonest first.</description>",
    "<language>en-us</language>",
    `<lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    "<ttl>60</ttl>",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
