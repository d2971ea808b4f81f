import { sql } from "drizzle-orm";
import { createRouter } from "../../platform/hono";

export const healthRoutes = createRouter().get("/", async (c) => {
  try {
    await c.var.db.run(sql`select 1`);
    return c.json({ status: "ok", database: "ok" });
  } catch (err) {
    console.error("health: database check failed", err);
    return c.json({ status: "error", database: "unavailable" }, 503);
  }
});
