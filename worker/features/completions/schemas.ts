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
  /** "Share my note anonymously": consent, off unless the member ticks it (issue 13). */
  share_note: z.boolean().optional().default(false),
});

export type CompletionInput = z.input<typeof completionInputSchema>;

/** A completion as the member sees it, joined with its action (null once the action is deleted). */
export type CompletionView = {
  id: string;
  action_id: string | null;
  completed_at: string;
  notes: string | null;
  share_note: boolean;
  action: { title: string; slug: string; summary: string; start_date: string | null; end_date: string | null } | null;
};

/** GET /api/me/stats — the member's counts and weekly streaks (see streaks.ts for the week rule). */
export type MemberStats = {
  completed_count: number;
  with_notes_count: number;
  days_active: number;
  current_streak_weeks: number;
  longest_streak_weeks: number;
  weeks: { week_start: string; action_id: string | null; completed: boolean }[];
};

/** GET /api/impact — every completion ever recorded and the members with at least one. */
export type SiteImpact = { total_completions: number; members_with_completions: number };

/** A note a member shared, as the admin's moderation screen shows it: never who wrote it. */
export type SharedNote = {
  id: string;
  action_title: string | null;
  notes: string;
  completed_at: string;
  /** Decision 183: 'pending' until an admin approves (quoted publicly) or hides it. */
  status: "pending" | "approved" | "hidden";
  hidden: boolean;
  /** When and by which admin (email) the note was last approved or hidden; null while pending. */
  moderated_at: string | null;
  moderated_by: string | null;
};

/** GET /api/admin/shared-notes: the screen's list and the whole queue's size. */
export type SharedNotesList = { notes: SharedNote[]; pending_count: number };

/** PUT /api/admin/shared-notes/:id — the admin's decision on one shared note. */
export const sharedNoteDecisionSchema = z.object({
  status: z.enum(["approved", "hidden"], { message: "status must be approved or hidden" }),
});
