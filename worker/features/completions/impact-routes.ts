import { describeRoute } from "hono-openapi";
import { sharedNoteAnswer, sharedNotesAnswer, siteImpactAnswer } from "#contract/completions/responses";
import { sharedNoteDecisionSchema } from "#contract/completions/schemas";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { listSharedNotes, moderateSharedNote, SHARED_NOTES_ADMIN_LIMIT, siteImpact } from "./impact";

/** GET /api/impact — site-wide counts for How It Works and About (public, counts only). */
export const siteImpactRoutes = createRouter().get(
  "/",
  describeRoute({
    summary: "Read the site-wide completion counts",
    responses: { 200: jsonAnswer(siteImpactAnswer, "Every completion recorded and the members with at least one") },
  }),
  async (c) => {
    // The totals move with every completion; a short shared cache keeps a busy page cheap.
    c.header("Cache-Control", "public, max-age=60");
    return c.json(answer(siteImpactAnswer, { impact: await siteImpact(c.var.db) }));
  },
);

/** /api/admin/shared-notes (behind the admin guard): the shared notes, approving or hiding them (decision 183). */
export const sharedNotesAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List the notes members shared, pending ones first",
      responses: {
        200: jsonAnswer(sharedNotesAnswer, `The latest ${SHARED_NOTES_ADMIN_LIMIT} shared notes and the pending count`),
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(answer(sharedNotesAnswer, await listSharedNotes(c.var.db)));
    },
  )
  .put(
    "/:id",
    describeRoute({
      summary: "Approve or hide a shared note",
      responses: {
        200: jsonAnswer(sharedNoteAnswer, "The note as it now is"),
        404: errorAnswer("No shared note has this id"),
      },
    }),
    validate("json", sharedNoteDecisionSchema),
    async (c) => {
      const note = await moderateSharedNote(c.var.db, c.req.param("id"), c.req.valid("json").status, {
        userId: c.var.user.id,
        nowIso: new Date().toISOString(),
      });
      if (!note) throw notFound("Shared note not found");
      return c.json(answer(sharedNoteAnswer, { note }));
    },
  );
