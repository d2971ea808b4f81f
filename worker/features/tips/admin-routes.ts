import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { tipInputSchema, tipOrderSchema } from "./schemas";
import { createTip, deleteTip, listTips, reorderTips, updateTip } from "./service";

/** /api/admin/tips (behind the one admin guard): the sustainable-living tips and their order. */
export const tipsAdminRoutes = createRouter()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ tips: await listTips(c.var.db) });
  })
  .post("/", validate("json", tipInputSchema), async (c) => {
    const tip = await createTip(c.var.db, c.req.valid("json"));
    return c.json({ tip }, 201);
  })
  // Registered before '/:id' so 'order' is never read as an id.
  .put("/order", validate("json", tipOrderSchema), async (c) => {
    return c.json({ tips: await reorderTips(c.var.db, c.req.valid("json").ids) });
  })
  .put("/:id", validate("json", tipInputSchema), async (c) => {
    const tip = await updateTip(c.var.db, c.req.param("id"), c.req.valid("json"));
    return c.json({ tip });
  })
  .delete("/:id", async (c) => {
    await deleteTip(c.var.db, c.req.param("id"));
    return c.json({ success: true });
  });
