import type { Context } from "hono";
import { type AppBindings, createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import {
  createAction,
  deleteAction,
  duplicateAction,
  getAdminAction,
  listAdminActions,
  publishAction,
  quickSetup,
  updateAction,
} from "./admin-service";
import { actionInputSchema, adminListQuerySchema } from "./schemas";

/** /api/admin/actions — behind the one admin guard mounted in app.ts. */

const ctx = (c: Context<AppBindings>) => ({ db: c.var.db, timeZone: c.var.config.SITE_TIMEZONE, now: new Date() });

export const actionsAdminRoutes = createRouter()
  .get("/", validate("query", adminListQuerySchema), async (c) => {
    const actions = await listAdminActions(c.var.db, c.req.valid("query"));
    return c.json({ actions });
  })
  .post("/", validate("json", actionInputSchema), async (c) => {
    const action = await createAction(ctx(c), c.req.valid("json"));
    c.set("auditTarget", { table: "actions", target: { id: action.id } });
    return c.json({ action }, 201);
  })
  .post("/quick-setup", async (c) => {
    const { created, skipped } = await quickSetup(ctx(c));
    c.set("auditTarget", { table: "actions", target: { created: created.map((a) => a.id) } });
    return c.json({ actions: created, skipped }, created.length > 0 ? 201 : 200);
  })
  // The preview and edit read: any status, admin only.
  .get("/:id", async (c) => {
    const action = await getAdminAction(ctx(c), c.req.param("id"));
    return c.json({ action });
  })
  .put("/:id", validate("json", actionInputSchema), async (c) => {
    const action = await updateAction(ctx(c), c.req.param("id"), c.req.valid("json"));
    return c.json({ action });
  })
  .delete("/:id", async (c) => {
    await deleteAction(c.var.db, c.req.param("id"));
    return c.json({ ok: true });
  })
  .post("/:id/duplicate", async (c) => {
    const action = await duplicateAction(ctx(c), c.req.param("id"));
    return c.json({ action }, 201);
  })
  .post("/:id/publish", async (c) => {
    const action = await publishAction(ctx(c), c.req.param("id"));
    return c.json({ action });
  });
