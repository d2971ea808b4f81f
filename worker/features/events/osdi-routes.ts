import { and, eq, inArray } from "drizzle-orm";
import { describeRoute, resolver } from "hono-openapi";
import {
  OSDI_DEPTH_MESSAGE,
  osdiEventSchema,
  osdiEventsPageSchema,
  osdiQuerySchema,
} from "#contract/events/open-data-responses";
import { events } from "../../../db/schema";
import { crossFieldRules, errorAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { edgeCached, openCors, openDataLimit } from "./open-access";
import { osdiEventsPage, toOsdiEvent } from "./osdi";

/** OSDI answers are cached at the edge and by readers for five minutes. */
const OSDI_TTL_SECONDS = 300;
const HAL = "application/hal+json";
const hal = (schema: Parameters<typeof resolver>[0], description: string) => ({
  description,
  content: { [HAL]: { schema: resolver(schema) } },
});

/**
 * GET /api/osdi/v1/events (decision 261): upcoming events in the Open Supporter Data Interface's shape, the one
 * Action Network and other organising tools read: HAL+JSON, paged by `page` and `per_page`, read-only, no key.
 */
export const osdiRoutes = createRouter()
  .use(openCors, openDataLimit)
  .get(
    "/",
    describeRoute({
      summary: "Upcoming events as an OSDI collection (HAL+JSON), soonest first",
      description: "OSDI's Event fields we know; `_links` next/prev/self page through them. Decision 261.",
      responses: {
        200: hal(osdiEventsPageSchema, "A page of events, with the paging fields and links"),
        400: errorAnswer("Invalid page or per_page (the first rule broken)"),
      },
      ...crossFieldRules(OSDI_DEPTH_MESSAGE),
    }),
    validate("query", osdiQuerySchema),
    edgeCached(OSDI_TTL_SECONDS),
    async (c) => {
      const { config } = c.var;
      const page = await osdiEventsPage(c.var.db, c.req.valid("query"), {
        now: new Date(),
        siteOrigin: config.siteOrigin,
        siteName: config.SITE_NAME,
      });
      return c.body(JSON.stringify(page), 200, { "Content-Type": HAL });
    },
  )
  .get(
    "/:id",
    describeRoute({
      summary: "One listed event as an OSDI Event (HAL+JSON)",
      responses: {
        200: hal(osdiEventSchema, "The event"),
        404: errorAnswer("No listed event has this id"),
      },
    }),
    edgeCached(OSDI_TTL_SECONDS),
    async (c) => {
      const { config } = c.var;
      const [row] = await c.var.db
        .select()
        .from(events)
        .where(and(eq(events.id, c.req.param("id")), inArray(events.status, ["approved", "cancelled"])))
        .limit(1);
      if (!row) throw notFound("Event not found");
      const body = toOsdiEvent(row, { siteOrigin: config.siteOrigin, siteName: config.SITE_NAME });
      return c.body(JSON.stringify(body), 200, { "Content-Type": HAL });
    },
  );
