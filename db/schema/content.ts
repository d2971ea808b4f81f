import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bool, createdAt, id, isoNow, json, updatedAt } from "./columns";
import { emailCampaigns } from "./email";

export type ActionLink = { label: string; url: string };

export const weeklyActions = sqliteTable(
  "weekly_actions",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** YYYY-MM-DD in SITE_TIMEZONE. */
    startDate: text("start_date"),
    endDate: text("end_date"),
    summary: text("summary").notNull().default(""),
    whyItMatters: text("why_it_matters").notNull().default(""),
    steps: json<string[]>("steps").notNull().default(sql`'[]'`),
    timeRequired: text("time_required").notNull().default(""),
    materials: json<string[]>("materials").notNull().default(sql`'[]'`),
    links: json<ActionLink[]>("links").notNull().default(sql`'[]'`),
    imageUrl: text("image_url"),
    ctaLabel: text("cta_label").notNull().default("Do This Week's Action"),
    ctaUrl: text("cta_url"),
    // The Spanish text (migration 0032, decision 272): "" / [] until written; the rest is shared by both languages.
    titleEs: text("title_es").notNull().default(""),
    summaryEs: text("summary_es").notNull().default(""),
    whyItMattersEs: text("why_it_matters_es").notNull().default(""),
    stepsEs: json<string[]>("steps_es").notNull().default(sql`'[]'`),
    timeRequiredEs: text("time_required_es").notNull().default(""),
    materialsEs: json<string[]>("materials_es").notNull().default(sql`'[]'`),
    ctaLabelEs: text("cta_label_es").notNull().default(""),
    sendOnPublish: bool("send_on_publish").notNull().default(false),
    scheduleSend: bool("schedule_send").notNull().default(true),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    publishedAt: text("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    uniqueIndex("weekly_actions_slug_idx").on(t.slug),
    index("weekly_actions_status_dates_idx").on(t.status, t.startDate, t.endDate),
    index("weekly_actions_start_idx").on(t.startDate),
  ],
);

/** A shared note's moderation state: new shares wait as 'pending' (decision 183). */
export const NOTE_STATUSES = ["pending", "approved", "hidden"] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

export const COMPLETION_SOURCES = ["site", "email"] as const;

export const actionCompletions = sqliteTable(
  "action_completions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Kept when the action is deleted so the member's history survives ('Unknown Action'). */
    actionId: text("action_id").references(() => weeklyActions.id, { onDelete: "set null" }),
    completedAt: text("completed_at").notNull().default(isoNow),
    notes: text("notes"),
    /** The member's consent to show the note, without their name, in the weekly email's "Last week". */
    shareNote: bool("share_note").notNull().default(false),
    /**
     * Pre-moderation (decision 183): a shared note is quoted publicly only once 'approved'. Any change
     * to the note or the sharing choice puts it back to 'pending' (service.ts upsertCompletion).
     */
    noteStatus: text("note_status", { enum: NOTE_STATUSES }).notNull().default("pending"),
    /** When an admin last approved or hid the note; the weekly send's cut-off compares with it. */
    noteModeratedAt: text("note_moderated_at"),
    noteModeratedBy: text("note_moderated_by").references(() => users.id, { onDelete: "set null" }),
    /** Where it was recorded (decision 197): the site's dialog, or a weekly email's "I did it" link. */
    source: text("source", { enum: COMPLETION_SOURCES }).notNull().default("site"),
    /** For source 'email': the weekly campaign whose email carried the link. */
    campaignId: text("campaign_id").references(() => emailCampaigns.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("action_completions_user_action_idx").on(t.userId, t.actionId),
    index("action_completions_user_completed_idx").on(t.userId, t.completedAt),
    index("action_completions_action_idx").on(t.actionId, t.completedAt),
    index("action_completions_note_queue_idx").on(t.noteStatus, t.completedAt).where(sql`share_note = 1`),
    index("action_completions_campaign_idx").on(t.campaignId).where(sql`campaign_id IS NOT NULL`),
  ],
);

/**
 * Per-action counts (migration 0007's triggers on action_completions keep them; code never writes
 * them). Counts only: who completed an action is never derived from here.
 */
export const actionImpact = sqliteTable("action_impact", {
  actionId: text("action_id")
    .primaryKey()
    .references(() => weeklyActions.id, { onDelete: "cascade" }),
  completedCount: integer("completed_count").notNull().default(0),
  withNotesCount: integer("with_notes_count").notNull().default(0),
});

/** Site-wide totals, one row keyed 'site', kept by the same triggers. */
export const impactTotals = sqliteTable("impact_totals", {
  key: text("key").primaryKey(),
  completions: integer("completions").notNull().default(0),
  members: integer("members").notNull().default(0),
});

/** Sustainable-living tips, admin-managed, one per weekly email in rotation. */
export const tips = sqliteTable(
  "tips",
  {
    id: id(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The Spanish text (migration 0032, decision 272): "" until written. */
    titleEs: text("title_es").notNull().default(""),
    bodyEs: text("body_es").notNull().default(""),
    url: text("url"),
    topic: text("topic").notNull(),
    active: bool("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tips_title_idx").on(t.title), index("tips_active_position_idx").on(t.active, t.position)],
);

/** Key/value settings (petitions, email_settings), value is JSON. */
export const settings = sqliteTable("settings", {
  id: id(),
  key: text("key").notNull().unique(),
  value: json<unknown>("value").notNull(),
  updatedAt: updatedAt(),
});

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
    emailedAt: text("emailed_at"),
    /** The admin inbox's state (migration 0008). */
    status: text("status", { enum: ["unread", "read", "archived"] })
      .notNull()
      .default("unread"),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_status_created_idx").on(t.status, t.createdAt),
  ],
);
