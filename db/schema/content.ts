import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bool, createdAt, id, isoNow, json, updatedAt } from "./columns";

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
  },
  (t) => [
    uniqueIndex("action_completions_user_action_idx").on(t.userId, t.actionId),
    index("action_completions_user_completed_idx").on(t.userId, t.completedAt),
  ],
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
