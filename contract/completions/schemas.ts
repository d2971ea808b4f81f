import { z } from "zod";
import type {
  completionViewSchema,
  memberStatsSchema,
  sharedNoteSchema,
  sharedNotesAnswer,
  siteImpactSchema,
} from "./responses";

/** PUT /api/me/completions/:actionId — notes are optional, trimmed, and null when empty (spec §3). */
export const NOTES_MAX = 2000;

export const completionInputSchema = z.object({
  notes: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= NOTES_MAX, `Notes must be ${NOTES_MAX} characters or less`)
    .transform((v) => (v === "" ? null : v)),
  /** "Share my note anonymously": consent, off unless the member ticks it (issue 13). */
  share_note: z.boolean().optional().default(false),
});

export type CompletionInput = z.input<typeof completionInputSchema>;

// Response shapes (types only), shared with the web client: inferred from the answers' schemas (responses.ts).

export type CompletionView = z.output<typeof completionViewSchema>;

export type MemberStats = z.output<typeof memberStatsSchema>;

export type SiteImpact = z.output<typeof siteImpactSchema>;

export type SharedNote = z.output<typeof sharedNoteSchema>;

export type SharedNotesList = z.output<typeof sharedNotesAnswer>;

/** PUT /api/admin/shared-notes/:id — the admin's decision on one shared note. */
export const sharedNoteDecisionSchema = z.object({
  status: z.enum(["approved", "hidden"], { message: "status must be approved or hidden" }),
});
