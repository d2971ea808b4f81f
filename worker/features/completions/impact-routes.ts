import { z } from "zod";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { listSharedNotes, setSharedNoteHidden, siteImpact } from "./impact";

/** GET /api/impact — site-wide counts for How It Works and About (public, counts only). */
export const siteImpactRoutes = createRouter().get("/", async (c) => {
  // The totals move with every completion; a short shared cache keeps a busy page cheap.
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ impact: await siteImpact(c.var.db) });
});

export const sharedNoteHiddenSchema = z.object({ hidden: z.boolean({ message: "hidden must be true or false" }) });

/** /api/admin/shared-notes (behind the admin guard): the notes members chose to share, and hiding them. */
export const sharedNotesAdminRoutes = createRouter()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ notes: await listSharedNotes(c.var.db) });
  })
  .put("/:id", validate("json", sharedNoteHiddenSchema), async (c) => {
    const note = await setSharedNoteHidden(
      c.var.db,
      c.req.param("id"),
      c.req.valid("json").hidden,
      new Date().toISOString(),
    );
    if (!note) throw notFound("Shared note not found");
    return c.json({ note });
  });
