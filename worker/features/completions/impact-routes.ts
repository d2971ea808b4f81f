import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { listSharedNotes, moderateSharedNote, siteImpact } from "./impact";
import { sharedNoteDecisionSchema } from "./schemas";

/** GET /api/impact — site-wide counts for How It Works and About (public, counts only). */
export const siteImpactRoutes = createRouter().get("/", async (c) => {
  // The totals move with every completion; a short shared cache keeps a busy page cheap.
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ impact: await siteImpact(c.var.db) });
});

/** /api/admin/shared-notes (behind the admin guard): the shared notes, approving or hiding them (decision 183). */
export const sharedNotesAdminRoutes = createRouter()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listSharedNotes(c.var.db));
  })
  .put("/:id", validate("json", sharedNoteDecisionSchema), async (c) => {
    const note = await moderateSharedNote(c.var.db, c.req.param("id"), c.req.valid("json").status, {
      userId: c.var.user.id,
      nowIso: new Date().toISOString(),
    });
    if (!note) throw notFound("Shared note not found");
    return c.json({ note });
  });
