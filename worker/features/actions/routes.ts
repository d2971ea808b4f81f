import { describeRoute } from "hono-openapi";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { archiveQuerySchema } from "./schemas";
import { findCurrentAction, findPublishedBySlug, listPastActionsPage } from "./service";

/** Public reads: /api/actions (published actions only). */
export const actionsRoutes = createRouter()
  .get("/current", async (c) => {
    const action = await findCurrentAction(c.var.db, c.var.config.SITE_TIMEZONE, new Date());
    return c.json({ action });
  })
  .get(
    "/",
    describeRoute({
      summary: "Past actions (the archive), newest first, a page at a time",
      description:
        "Answers { actions, next_cursor }: at most `limit` (10) past published actions; next_cursor (null on " +
        "the last page) is sent back as `cursor` for the older ones. Decision 163.",
    }),
    validate("query", archiveQuerySchema),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      return c.json(await listPastActionsPage(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), limit, cursor));
    },
  )
  .get("/:slug", async (c) => {
    const action = await findPublishedBySlug(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), c.req.param("slug"));
    if (!action) throw notFound("Action not found");
    return c.json({ action });
  });
