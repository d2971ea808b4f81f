import { describeRoute } from "hono-openapi";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { findCurrentAction } from "../actions/service";
import { formatWeeklyContent } from "./format";
import { contentExportAnswer } from "./responses";

/** /api/admin/content-export — the spec's export-weekly-content: `{ content }` for the current action. */
export const contentExportAdminRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Export the current weekly action as text for social posts",
    responses: {
      200: jsonAnswer(contentExportAnswer, "The current action's text"),
      404: errorAnswer("No weekly action is published yet"),
    },
  }),
  async (c) => {
    const action = await findCurrentAction(c.var.db, c.var.config.SITE_TIMEZONE, new Date());
    if (!action) throw notFound("There is no published weekly action to export yet");
    return c.json(answer(contentExportAnswer, { content: formatWeeklyContent(action, c.var.config.siteOrigin) }));
  },
);
