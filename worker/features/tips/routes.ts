import { describeRoute } from "hono-openapi";
import { currentTipAnswer } from "#contract/tips/responses";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
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
    },
  }),
  async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(answer(currentTipAnswer, { tip: await currentTip(c.var.db) }));
  },
);
