import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { archiveQuerySchema } from "./schemas";
import { findCurrentAction, findPublishedBySlug, listPastActions } from "./service";

/** Public reads: /api/actions (published actions only). */
export const actionsRoutes = createRouter()
  .get("/current", async (c) => {
    const action = await findCurrentAction(c.var.db, c.var.config.SITE_TIMEZONE, new Date());
    return c.json({ action });
  })
  .get("/", validate("query", archiveQuerySchema), async (c) => {
    const { limit } = c.req.valid("query");
    const actions = await listPastActions(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), limit);
    return c.json({ actions });
  })
  .get("/:slug", async (c) => {
    const action = await findPublishedBySlug(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), c.req.param("slug"));
    if (!action) throw notFound("Action not found");
    return c.json({ action });
  });
