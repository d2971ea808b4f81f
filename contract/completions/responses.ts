import { z } from "zod";
import { LOCALES } from "../i18n/locales";

/** The answers of the completion, stats and impact routes (decision 179): the document's schemas and the handlers' types. */

/** A completion as the member sees it, joined with its action (null once the action is deleted). */
export const completionViewSchema = z
  .object({
    id: z.string(),
    action_id: z.string().nullable(),
    completed_at: z.string(),
    notes: z.string().nullable(),
    share_note: z.boolean(),
    action: z
      .object({
        title: z.string(),
        slug: z.string(),
        summary: z.string(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        /** The title's and summary's language: the reader's when the action is whole in it, else English (272). */
        language: z.enum(LOCALES),
      })
      .nullable(),
  })
  .meta({ id: "Completion" });

export const completionsAnswer = z.object({ completions: z.array(completionViewSchema) });

/** The card's check: null when the member has not recorded the action (not an error). */
export const completionLookupAnswer = z.object({ completion: completionViewSchema.nullable() });

export const completionAnswer = z.object({ completion: completionViewSchema });

/** GET /api/me/stats — the member's counts and weekly streaks (see streaks.ts for the week rule). */
export const memberStatsSchema = z
  .object({
    completed_count: z.number().int(),
    with_notes_count: z.number().int(),
    days_active: z.number().int(),
    current_streak_weeks: z.number().int(),
    longest_streak_weeks: z.number().int(),
    weeks: z.array(z.object({ week_start: z.string(), action_id: z.string().nullable(), completed: z.boolean() })),
  })
  .meta({ id: "MemberStats" });

/** GET /api/impact — every completion ever recorded and the members with at least one. */
export const siteImpactSchema = z
  .object({
    total_completions: z.number().int(),
    members_with_completions: z.number().int(),
  })
  .meta({ id: "SiteImpact" });

export const siteImpactAnswer = z.object({ impact: siteImpactSchema });

/** A note a member shared, as the admin's moderation list shows it: never who wrote it. */
export const sharedNoteSchema = z
  .object({
    id: z.string(),
    action_title: z.string().nullable(),
    notes: z.string(),
    completed_at: z.string(),
    /** Decision 183: 'pending' until an admin approves (quoted publicly) or hides it. */
    status: z.enum(["pending", "approved", "hidden"]),
    hidden: z.boolean(),
    /** When and by which admin (email) the note was last approved or hidden; null while pending. */
    moderated_at: z.string().nullable(),
    moderated_by: z.string().nullable(),
  })
  .meta({ id: "SharedNote" });

/** The screen's list and the whole queue's size. */
export const sharedNotesAnswer = z.object({ notes: z.array(sharedNoteSchema), pending_count: z.number().int() });

export const sharedNoteAnswer = z.object({ note: sharedNoteSchema });
