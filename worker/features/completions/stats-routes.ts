import { requireUser } from "../../platform/auth-guard";
import { createRouter } from "../../platform/hono";
import { memberStats } from "./stats";

/** /api/me/stats — the signed-in member's counts and weekly streaks. */
export const completionStatsRoutes = createRouter()
  .use(requireUser)
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await memberStats(c.var.db, c.var.user.id, c.var.config.SITE_TIMEZONE, new Date()));
  });
