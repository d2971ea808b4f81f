import { createRouter } from "../../../platform/hono";
import { openCors, openDataLimit } from "../open-access";
import { EVENTS_EMBED_JS } from "./events-embed-script";

/** Partners' caches and ours keep the script an hour; a new deploy reaches them within that. */
const EMBED_TTL_SECONDS = 3600;

/** GET /embed/events.js (decision 262): the events list partner sites include, served from our origin. */
export const embedRoutes = createRouter()
  .use(openCors, openDataLimit)
  .get("/events.js", (c) =>
    c.body(EVENTS_EMBED_JS, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": `public, max-age=${EMBED_TTL_SECONDS}`,
    }),
  );
