import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, json } from "./columns";

/** Operational alerts (worker/features/alerts): one row per kind + subject + site day. */
export const alerts = sqliteTable(
  "alerts",
  {
    id: id(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    /** The site day (SITE_TIMEZONE) the alert was first raised: part of the de-duplication key. */
    day: text("day").notNull(),
    details: text("details").notNull(),
    count: integer("count").notNull().default(1),
    firstSeenAt: text("first_seen_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    emailedAt: text("emailed_at"),
    acknowledgedAt: text("acknowledged_at"),
    acknowledgedBy: text("acknowledged_by"),
  },
  (t) => [
    uniqueIndex("alerts_kind_subject_day_idx").on(t.kind, t.subject, t.day),
    index("alerts_open_idx").on(t.acknowledgedAt, t.lastSeenAt),
  ],
);

/** 5xx responses per UTC hour ("2026-11-23T09"), counted by the request log. */
export const errorCounts = sqliteTable("error_counts", {
  hour: text("hour").primaryKey(),
  count: integer("count").notNull().default(0),
});

/** Small operational facts kept between cron ticks (last tick, campaign progress snapshots). */
export const opsState = sqliteTable("ops_state", {
  key: text("key").primaryKey(),
  value: json<unknown>("value").notNull(),
  updatedAt: text("updated_at").notNull(),
});
