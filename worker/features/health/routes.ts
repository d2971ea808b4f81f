import { sql } from "drizzle-orm";
import { describeRoute } from "hono-openapi";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { BUILD } from "../../platform/build-info";
import { signInBlockers } from "../../platform/config";
import { createRouter } from "../../platform/hono";
import { healthyAnswer, unhealthyAnswer } from "./responses";

export const healthRoutes = createRouter().get(
  "/",
  describeRoute({
    summary: "Check that the Worker and its database answer",
    responses: {
      200: jsonAnswer(healthyAnswer, "Up: the database answered"),
      503: jsonAnswer(
        unhealthyAnswer,
        "The database did not answer, or a setting named in `settings` keeps everyone from signing in (this body, not the error body)",
      ),
    },
  }),
  async (c) => {
    const settings = signInBlockers(c.var.config).map((b) => b.setting);
    try {
      await c.var.db.run(sql`select 1`);
      if (settings.length > 0)
        return c.json(
          answer(unhealthyAnswer, { status: "error", database: "ok", settings, version: BUILD.version }),
          503,
        );
      return c.json(answer(healthyAnswer, { status: "ok", database: "ok", version: BUILD.version }));
    } catch (err) {
      console.error("health: database check failed", err);
      return c.json(
        answer(unhealthyAnswer, {
          status: "error",
          database: "unavailable",
          ...(settings.length > 0 ? { settings } : {}),
          version: BUILD.version,
        }),
        503,
      );
    }
  },
);
