import { describeRoute } from "hono-openapi";
import { contentLanguageQuery } from "#contract/i18n/content-language";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { findCurrentAction } from "../actions/service";
import { formatWeeklyContent } from "./format";
import { contentExportAnswer } from "./responses";

/**
 * /api/admin/content-export?lang= — the spec's export-weekly-content: `{ content, language }` for the current action,
 * in Spanish when its Spanish is written (decision 272).
 */
export const contentExportAdminRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Export the current weekly action as text for social posts",
    responses: {
      200: jsonAnswer(contentExportAnswer, "The current action's text"),
      400: errorAnswer("lang is not en or es"),
      404: errorAnswer("No weekly action is published yet"),
    },
  }),
  validate("query", contentLanguageQuery),
  async (c) => {
    const { lang } = c.req.valid("query");
    const action = await findCurrentAction(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), lang);
    if (!action) throw notFound("There is no published weekly action to export yet");
    return c.json(
      answer(contentExportAnswer, {
        content: formatWeeklyContent(action, c.var.config.siteOrigin),
        language: action.language,
      }),
    );
  },
);
