import { getConfig } from "../../../platform/config";
import { devOnly } from "../../../platform/dev-only";
import { notFound } from "../../../platform/errors";
import { createRouter } from "../../../platform/hono";
import { findSource } from "../sources";
import { firecrawlFixture, npsFixture } from "./api";
import { htmlFixture } from "./html";
import { icsFixture } from "./ics";

/**
 * Fixture copies of every ingestion source, generated around today's date so they always hold
 * upcoming events. Development only (decision 046): elsewhere the sub-app answers 404.
 */
export const devFixtureRoutes = createRouter()
  .use(devOnly)
  .all("/ingestion/:key", (c) => {
    const source = findSource(c.req.param("key"));
    if (!source) throw notFound("No such source");
    const now = new Date();
    const { siteOrigin } = getConfig(c.env);
    const page = Number(c.req.query("page") ?? source.firstPage ?? 1);
    switch (source.type) {
      case "ics":
        return c.body(icsFixture(source, now), 200, { "Content-Type": "text/calendar; charset=utf-8" });
      case "html":
        return c.html(htmlFixture(source, page, now, siteOrigin));
      case "api":
        return c.json(npsFixture(Number(c.req.query("pageNumber") ?? 1), now, siteOrigin));
      case "firecrawl":
        return c.json(firecrawlFixture(source, now));
    }
  });
