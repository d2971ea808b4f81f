import { createRouter } from "../../platform/hono";
import { currentTip } from "./service";

/** GET /api/tips/current — this week's sustainable-living tip for the /actions page. */
export const tipsRoutes = createRouter().get("/current", async (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ tip: await currentTip(c.var.db) });
});
