import { z } from "zod";

/** PUT /api/me/completions/:actionId — notes are optional, trimmed, and null when empty (spec §3). */
export const NOTES_MAX = 2000;

export const completionInputSchema = z.object({
  notes: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= NOTES_MAX, `Notes must be ${NOTES_MAX} characters or less`)
    .transform((v) => (v === "" ? null : v)),
});

export type CompletionInput = z.input<typeof completionInputSchema>;

/** A completion as the member sees it, joined with its action (null once the action is deleted). */
export type CompletionView = {
  id: string;
  action_id: string | null;
  completed_at: string;
  notes: string | null;
  action: { title: string; slug: string; summary: string; start_date: string | null; end_date: string | null } | null;
};
