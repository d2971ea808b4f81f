import { describeRoute } from "hono-openapi";
import { contentLanguageQuery } from "#contract/i18n/content-language";
import { currentTipAnswer } from "#contract/tips/responses";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { currentTip } from "./service";

/** GET /api/tips/current — this week's sustainable-living tip for the /actions page. */
export const tipsRoutes = createRouter().get(
  "/current",
  describeRoute({
    summary: "Read this week's sustainable-living tip",
    responses: {
      200: jsonAnswer(
        currentTipAnswer,
        "The tip the latest weekly email carried while it is active, else the next one in rotation; null without an active tip",
      ),
      400: errorAnswer("lang is not en or es"),
    },
  }),
  validate("query", contentLanguageQuery),
  async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(answer(currentTipAnswer, { tip: await currentTip(c.var.db, c.req.valid("query").lang) }));
  },
);
