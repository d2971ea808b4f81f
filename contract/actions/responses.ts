import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { actionStatusSchema } from "./schemas";

/** The answers of the weekly-action routes (decision 179): the document's schemas and the handlers' types. */

export const actionLinkSchema = z.object({ label: z.string(), url: z.string() }).meta({ id: "ActionLink" });

/** Where an action sits relative to today in SITE_TIMEZONE (spec §4 "Weekly action timing"). */
export const actionTimingSchema = z.enum(["current", "past", "upcoming"]);

/** What the public API answers (snake_case, the spec's weekly_action fields). */
export const publicActionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    summary: z.string(),
    why_it_matters: z.string(),
    steps: z.array(z.string()),
    time_required: z.string(),
    materials: z.array(z.string()),
    links: z.array(actionLinkSchema),
    image_url: z.string().nullable(),
    cta_label: z.string(),
    cta_url: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    timing: actionTimingSchema,
    /** The language of the text fields: "en" when the Spanish asked for is not written yet (decision 272). */
    language: z.enum(LOCALES),
  })
  .meta({
    id: "Action",
    examples: [
      {
        id: "act_3b7d9e",
        title: "Leave the leaves",
        slug: "leave-the-leaves",
        start_date: "2027-01-04",
        end_date: "2027-01-10",
        summary: "Rake fallen leaves into a garden bed instead of bagging them.",
        why_it_matters: "Leaf litter shelters overwintering butterflies, bees and the insects birds feed on.",
        steps: [
          "Choose a corner of the yard or a bed",
          "Rake leaves there, a few inches deep",
          "Leave them until spring",
        ],
        time_required: "20 minutes",
        materials: ["A rake"],
        links: [{ label: "Why leaves matter", url: "https://example.org/leave-the-leaves" }],
        image_url: null,
        cta_label: "I did it",
        cta_url: null,
        created_at: "2026-12-20T10:00:00.000Z",
        updated_at: "2026-12-28T09:30:00.000Z",
        timing: "current",
        language: "en",
      },
    ],
  });

/** The Spanish text as the admin writes it, and whether it is whole enough to be shown (decision 272). */
export const actionSpanishTextSchema = z
  .object({
    title: z.string(),
    summary: z.string(),
    why_it_matters: z.string(),
    steps: z.array(z.string()),
    time_required: z.string(),
    materials: z.array(z.string()),
    cta_label: z.string(),
  })
  .meta({ id: "ActionSpanishText" });
export const spanishStateSchema = z.enum(["complete", "partial", "missing"]);

/** How many members recorded an action and how many left a note: counts only, never who. */
export const actionImpactSchema = z
  .object({ completed_count: z.number().int(), with_notes_count: z.number().int() })
  .meta({ id: "ActionImpact" });

/** GET /api/actions/current and /api/actions/:slug carry the action's collective impact. */
export const publicActionWithImpactSchema = publicActionSchema
  .extend({ impact: actionImpactSchema })
  .meta({ id: "ActionWithImpact" });

/** The admin view adds the publishing and email fields. */
export const adminActionSchema = publicActionSchema
  .extend({
    status: actionStatusSchema,
    published_at: z.string().nullable(),
    send_on_publish: z.boolean(),
    schedule_send: z.boolean(),
    sent_at: z.string().nullable(),
    es: actionSpanishTextSchema,
    spanish: spanishStateSchema,
  })
  .meta({ id: "AdminAction" });

export const adminActionListItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    status: actionStatusSchema,
    created_at: z.string(),
    updated_at: z.string(),
    spanish: spanishStateSchema,
  })
  .meta({ id: "AdminActionListItem" });

/** The current action, else the most recent past one; null when no published action has started. */
export const currentActionAnswer = z.object({ action: publicActionWithImpactSchema.nullable() });

export const actionArchiveAnswer = z.object({
  actions: z.array(publicActionSchema),
  next_cursor: z.string().nullable(),
});

export const publicActionAnswer = z.object({ action: publicActionWithImpactSchema });

export const adminActionListAnswer = z.object({ actions: z.array(adminActionListItemSchema) });

export const adminActionAnswer = z.object({ action: adminActionSchema });

/** A week Quick Setup left alone, and the action already running in it (decision 230). */
export const skippedWeekSchema = z.object({ start_date: z.string(), end_date: z.string(), action_title: z.string() });

export const quickSetupAnswer = z.object({
  actions: z.array(adminActionSchema),
  /** Weeks not created: already taken by another action or by an earlier Quick Setup. */
  skipped: z.number().int(),
  /** Which weeks already had an action, Sunday first. */
  skipped_weeks: z.array(skippedWeekSchema),
});

export const actionDeletedAnswer = z.object({ ok: z.literal(true) });
