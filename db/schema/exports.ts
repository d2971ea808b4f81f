import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { createdAt, id, json, updatedAt } from "./columns";

/**
 * Background exports (migration 0028, decision 250): one row per person's export, run one step per queue
 * invocation; the file's parts are in R2 under exports/<id>/ and listed in `parts` once committed.
 */
export const exportJobs = sqliteTable(
  "export_jobs",
  {
    id: id(),
    kind: text("kind", { enum: ["subscribers", "my_data"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    params: json<Record<string, string>>("params").notNull().default({}),
    filename: text("filename").notNull(),
    status: text("status", { enum: ["pending", "ready", "failed"] })
      .notNull()
      .default("pending"),
    step: integer("step").notNull().default(0),
    cursor: text("cursor"),
    rows: integer("rows").notNull().default(0),
    parts: json<string[]>("parts").notNull().default([]),
    lease: text("lease"),
    leaseUntil: text("lease_until"),
    attempts: integer("attempts").notNull().default(0),
    invocations: integer("invocations").notNull().default(0),
    queriesTotal: integer("queries_total").notNull().default(0),
    queriesMax: integer("queries_max").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: text("completed_at"),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    index("export_jobs_user_idx").on(t.userId, t.kind, t.createdAt),
    index("export_jobs_status_idx").on(t.status, t.updatedAt),
    index("export_jobs_expires_idx").on(t.expiresAt),
  ],
);
