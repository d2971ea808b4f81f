import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, json } from "./columns";

export const securityAuditLog = sqliteTable(
  "security_audit_log",
  {
    id: id(),
    userId: text("user_id"),
    action: text("action").notNull(),
    tableName: text("table_name"),
    ipAddress: text("ip_address"),
    oldValues: json<Record<string, unknown>>("old_values"),
    newValues: json<Record<string, unknown>>("new_values"),
    createdAt: createdAt(),
  },
  (t) => [
    index("security_audit_log_created_idx").on(t.createdAt),
    index("security_audit_log_action_created_idx").on(t.action, t.createdAt),
    index("security_audit_log_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** Written only by the `profiles_role_audit` trigger (see migrations), never by application code. */
export const profileAuditLog = sqliteTable(
  "profile_audit_log",
  {
    id: id(),
    userId: text("user_id").notNull(),
    changedBy: text("changed_by"),
    oldRole: text("old_role"),
    newRole: text("new_role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("profile_audit_log_created_idx").on(t.createdAt)],
);
