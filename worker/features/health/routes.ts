import { sql } from "drizzle-orm";
import { BUILD } from "../../platform/build-info";
import { createRouter } from "../../platform/hono";

export const healthRoutes = createRouter().get("/", async (c) => {
  try {
    await c.var.db.run(sql`select 1`);
    return c.json({ status: "ok", database: "ok", version: BUILD.version });
  } catch (err) {
    console.error("health: database check failed", err);
    return c.json({ status: "error", database: "unavailable", version: BUILD.version }, 503);
  }
});
