import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { findCurrentAction } from "../actions/service";
import { formatWeeklyContent } from "./format";

/** /api/admin/content-export — the spec's export-weekly-content: `{ content }` for the current action. */
export const contentExportAdminRoutes = createRouter().post("/", async (c) => {
  const action = await findCurrentAction(c.var.db, c.var.config.SITE_TIMEZONE, new Date());
  if (!action) throw notFound("There is no published weekly action to export yet");
  return c.json({ content: formatWeeklyContent(action, c.var.config.siteOrigin) });
});
