import { describeRoute } from "hono-openapi";
import { memberStatsSchema } from "#contract/completions/responses";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { requireUser } from "../../platform/auth-guard";
import { createRouter } from "../../platform/hono";
import { memberStats } from "./stats";

/** /api/me/stats — the signed-in member's counts and weekly streaks. */
export const completionStatsRoutes = createRouter()
  .use(requireUser)
  .get(
    "/",
    describeRoute({
      summary: "Read the signed-in member's counts and weekly streaks",
      responses: { 200: jsonAnswer(memberStatsSchema, "Counts, streaks and the last 12 weeks, oldest first") },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(
        answer(memberStatsSchema, await memberStats(c.var.db, c.var.user.id, c.var.config.SITE_TIMEZONE, new Date())),
      );
    },
  );
