import { and, eq, inArray } from "drizzle-orm";
import { describeRoute, resolver } from "hono-openapi";
import { eventPath } from "#contract/events/event-path";
import { jsonFeedSchema } from "#contract/events/open-data-responses";
import { eventPageAnswer, nearestZipAnswer, searchAnswer } from "#contract/events/responses";
import {
  END_AFTER_START_MESSAGE,
  FEED_PLACE_MESSAGE,
  feedQuerySchema,
  KEYWORD_NEEDS_ZIP_MESSAGE,
  nearestZipQuerySchema,
  searchQuerySchema,
} from "#contract/events/schemas";
import { events } from "../../../db/schema";
import { answer, crossFieldRules, errorAnswer, fileAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { requestLocale } from "../../platform/i18n";
import { validate } from "../../platform/validate";
import { eventsFeed, FEED_TTL_SECONDS, feedContents } from "./calendar-feed";
import { eventToIcs, icsFileName } from "./calendar-file";
import { findEventPage, type SourceLookup } from "./event-page";
import { eventsJsonFeed, eventsRss } from "./feed-formats";
import { searchErrorIn, searchQuerySchemaIn } from "./in-language";
import { listedEventsPage } from "./listing";
import { nearestZip } from "./nearest-zip";
import { edgeCached, openCors, openDataLimit } from "./open-access";

type SiteConfig = { SITE_TIMEZONE: string; siteOrigin: string; SITE_NAME: string };
const feedOptions = (config: SiteConfig) => ({
  now: new Date(),
  siteTimeZone: config.SITE_TIMEZONE,
  siteOrigin: config.siteOrigin,
  siteName: config.SITE_NAME,
});
/** A feed's own address (as asked, on our origin) and the events page it stands for. */
const feedSite = (requestUrl: string, siteOrigin: string) => {
  const asked = new URL(requestUrl);
  return {
    siteOrigin,
    feedUrl: new URL(`${asked.pathname}${asked.search}`, siteOrigin).toString(),
    homeUrl: new URL("/events", siteOrigin).toString(),
  };
};

/**
 * Public events API: search, nearest ZIP for the page's geolocation, the calendar feed, .ics downloads and
 * an event's page. `sourceOf` names a feed's source (the ingestion feature's list, passed in by the app).
 */
export const eventsRoutes = (sourceOf: SourceLookup) =>
  createRouter()
    // Open event data (decision 261): any origin may read, a preflight is answered, each client is limited.
    .use(openCors, openDataLimit)
    .get(
      "/",
      describeRoute({
        summary: "Events near a ZIP (or anywhere), a page at a time",
        ...crossFieldRules(KEYWORD_NEEDS_ZIP_MESSAGE, END_AFTER_START_MESSAGE),
        description:
          "Answers { events, next_cursor, total, total_capped }: events sorted by start time, distance, id; " +
          "next_cursor (null on the last page) is sent back as `cursor` for the next page, which starts right " +
          "after it even if events were added meanwhile; total counts every match exactly up to 1,000 " +
          "(total_capped: more than that); each event's `url` is its own page. Decisions 040, 162 and 202.",
        responses: {
          200: jsonAnswer(searchAnswer, "A page of events, where the next one starts, and how many match"),
          400: errorAnswer(
            "Invalid query (the first rule broken), an unknown ZIP code, an end before the start, or a cursor that is not one of ours",
          ),
        },
      }),
      validate("query", searchQuerySchema, searchQuerySchemaIn),
      async (c) => {
        const query = c.req.valid("query");
        const page = await listedEventsPage(c.var.db, query, {
          now: new Date(),
          siteTimeZone: c.var.config.SITE_TIMEZONE,
          siteOrigin: c.var.config.siteOrigin,
        }).catch((err: unknown) => {
          throw searchErrorIn(requestLocale(c), err, query.zip);
        });
        return c.json(answer(searchAnswer, page));
      },
    )
    .get(
      "/nearest-zip",
      describeRoute({
        summary: "Find the US ZIP code nearest to a point",
        responses: {
          200: jsonAnswer(nearestZipAnswer, "The nearest ZIP code, its place and how far its centre is"),
          404: errorAnswer("No US ZIP code is near this point (outside the covered area)"),
        },
      }),
      validate("query", nearestZipQuerySchema),
      async (c) => {
        const { lat, lon } = c.req.valid("query");
        const found = await nearestZip(c.var.db, lat, lon);
        if (!found) throw notFound("No US ZIP code found near this location");
        return c.json(answer(nearestZipAnswer, found));
      },
    )
    // Before the one-event route, whose pattern would also match "feed.ics".
    .get(
      "/feed.ics",
      describeRoute({
        summary: "Subscribe to upcoming events near a ZIP, in a state or across the US as a calendar feed",
        responses: {
          200: fileAnswer("text/calendar", "An iCalendar feed of the soonest upcoming events of the place"),
          400: errorAnswer("Invalid query (the first rule broken), an unknown ZIP code, or both a ZIP and a state"),
        },
        ...crossFieldRules(FEED_PLACE_MESSAGE),
      }),
      validate("query", feedQuerySchema),
      edgeCached(FEED_TTL_SECONDS),
      async (c) => {
        const body = await eventsFeed(c.var.db, c.req.valid("query"), feedOptions(c.var.config));
        return c.body(body, 200, {
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": 'inline; filename="earthkind-events.ics"',
        });
      },
    )
    .get(
      "/feed.json",
      describeRoute({
        summary: "Upcoming events near a ZIP, in a state or across the US as a JSON Feed",
        description: "JSON Feed 1.1; each item's `_event` carries the event's times, place and state. Decision 261.",
        responses: {
          200: {
            description: "A JSON Feed of the soonest upcoming events of the place",
            content: { "application/feed+json": { schema: resolver(jsonFeedSchema) } },
          },
          400: errorAnswer("Invalid query (the first rule broken), an unknown ZIP code, or both a ZIP and a state"),
        },
        ...crossFieldRules(FEED_PLACE_MESSAGE),
      }),
      validate("query", feedQuerySchema),
      edgeCached(FEED_TTL_SECONDS),
      async (c) => {
        const { config } = c.var;
        const feed = await feedContents(c.var.db, c.req.valid("query"), feedOptions(config));
        const body = eventsJsonFeed(feed, feedSite(c.req.url, config.siteOrigin));
        return c.body(JSON.stringify(body), 200, { "Content-Type": "application/feed+json; charset=utf-8" });
      },
    )
    .get(
      "/feed.rss",
      describeRoute({
        summary: "Upcoming events near a ZIP, in a state or across the US as an RSS 2.0 feed",
        responses: {
          200: fileAnswer("application/rss+xml", "An RSS feed of the soonest upcoming events of the place"),
          400: errorAnswer("Invalid query (the first rule broken), an unknown ZIP code, or both a ZIP and a state"),
        },
        ...crossFieldRules(FEED_PLACE_MESSAGE),
      }),
      validate("query", feedQuerySchema),
      edgeCached(FEED_TTL_SECONDS),
      async (c) => {
        const { config } = c.var;
        const feed = await feedContents(c.var.db, c.req.valid("query"), feedOptions(config));
        return c.body(eventsRss(feed, feedSite(c.req.url, config.siteOrigin), new Date()), 200, {
          "Content-Type": "application/rss+xml; charset=utf-8",
        });
      },
    )
    // No "/" in the pattern: the typed web client splits route paths on it (any id with a slash is unknown anyway).
    .get(
      "/:file{.+\\.ics}",
      describeRoute({
        summary: "Download one listed event (approved, or cancelled: STATUS:CANCELLED) as an .ics file",
        parameters: [
          {
            name: "file",
            in: "path",
            required: true,
            description: "The event's id followed by .ics",
            schema: { type: "string", pattern: "\\.ics$" },
          },
        ],
        responses: {
          200: fileAnswer("text/calendar", "The event as an iCalendar file (an attachment)"),
          404: errorAnswer("No listed event has this id"),
        },
      }),
      async (c) => {
        const id = c.req.param("file").slice(0, -4);
        const [event] = await c.var.db
          .select()
          .from(events)
          .where(and(eq(events.id, id), inArray(events.status, ["approved", "cancelled"])))
          .limit(1);
        if (!event) throw notFound("Event not found");
        const { siteOrigin } = c.var.config;
        const pageUrl = new URL(eventPath(event), siteOrigin).toString();
        const body = eventToIcs(
          { ...event, pageUrl, cancelled: event.status === "cancelled" },
          new URL(siteOrigin).host,
          new Date(),
        );
        return c.body(body, 200, {
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": `attachment; filename="${icsFileName(event.title)}"`,
          "Cache-Control": "no-store",
        });
      },
    )
    .get(
      "/:id/page",
      describeRoute({
        summary: "Everything one listed event's page shows",
        description:
          "The event (its search fields and page `url`), its address, organizer, source, when it was last " +
          "confirmed, and up to four upcoming in-person events within 25 miles. Decision 202.",
        responses: {
          200: jsonAnswer(eventPageAnswer, "The event's page data"),
          404: errorAnswer("No listed event has this id"),
        },
      }),
      async (c) => {
        const { config } = c.var;
        const event = await findEventPage(c.var.db, c.req.param("id"), {
          now: new Date(),
          siteTimeZone: config.SITE_TIMEZONE,
          siteOrigin: config.siteOrigin,
          siteName: config.SITE_NAME,
          sourceOf,
        });
        if (!event) throw notFound("Event not found");
        return c.json(answer(eventPageAnswer, { event }));
      },
    );
