import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contract/i18n/locales";
import { createdAt, id, updatedAt } from "./columns";

export const users = sqliteTable("users", {
  id: id(),
  /** Case-folded on write; the unique key is the account identity. */
  email: text("email").notNull().unique(),
  /** `scrypt$N$r$p$salt$hash`, null for magic-link-only accounts. */
  passwordHash: text("password_hash"),
  emailVerifiedAt: text("email_verified_at"),
  /** The member's language: the emails they are sent and the pages' default (migration 0031, decision 270). */
  locale: text("locale", { enum: LOCALES }).notNull().default("en"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const profiles = sqliteTable("profiles", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  role: text("role", { enum: ["user", "admin"] })
    .notNull()
    .default("user"),
  /** Who made the last role change; read by the profile_audit_log trigger. */
  roleChangedBy: text("role_changed_by"),
  /**
   * When the account last became an admin, stamped by triggers (migration 0021): the first second factor
   * of an admin may be set up only in a session signed in since (decision 213).
   */
  adminGrantedAt: text("admin_granted_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per signed-in device; the access JWT carries its id so revocation is one indexed read. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: text("revoked_at"),
    revokedReason: text("revoked_reason"),
    /** How the person signed in: a fresh magic-link session may reset a forgotten password. */
    authMethod: text("auth_method", { enum: ["password", "magic_link", "passkey"] }),
    /** Last refresh, written at most every few minutes; an idle session ends (decision 191). */
    lastUsedAt: text("last_used_at"),
    /** The browser family from the User-Agent ("Firefox"), shown in the member's session list. */
    browser: text("browser"),
    /** The session's second factor and when it was last proved (decision 194); a passkey sign-in is one. */
    mfaMethod: text("mfa_method", { enum: ["otp", "recovery_code", "passkey"] }),
    mfaAt: text("mfa_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_created_idx").on(t.createdAt)],
);

/** Refresh tokens of a session (its "family"); each is used once and replaced. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: id(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

export const magicLinkTokens = sqliteTable(
  "magic_link_tokens",
  {
    id: id(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    redirectTo: text("redirect_to"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    /** The session this link opened: the verify batch's claim (decision 191). */
    sessionId: text("session_id"),
  },
  (t) => [
    uniqueIndex("magic_link_tokens_hash_idx").on(t.tokenHash),
    index("magic_link_tokens_email_created_idx").on(t.email, t.createdAt),
  ],
);

/**
 * Exact password failure counter per (email, client) pair (KV is too loose for this; ARCHITECTURE.md §2):
 * a stranger's failures lock only their own client out of the account (decision 192).
 */
export const passwordThrottle = sqliteTable(
  "password_throttle",
  {
    email: text("email").notNull(),
    /** The client's subject (clientSubject: an IPv4 address, an IPv6 /64, or "unknown"). */
    client: text("client").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: text("locked_until"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] }), index("password_throttle_updated_idx").on(t.updatedAt)],
);

/** Fixed-window counters for per-account limits; one upsert reserves an attempt (migration 0004). */
export const rateLimitCounters = sqliteTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("rate_limit_counters_expires_idx").on(t.expiresAt)],
);

/**
 * Attempts of a sliding-window limit, one row an attempt (`at`: Unix milliseconds; migration 0021): the
 * per-address password limit, exact under any burst at any time (decision 213).
 */
export const attemptLog = sqliteTable(
  "attempt_log",
  {
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("attempt_log_key_at_idx").on(t.key, t.at), index("attempt_log_at_idx").on(t.at)],
);
