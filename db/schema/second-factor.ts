import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bool, createdAt, id } from "./columns";

/**
 * An account's confirmed authenticator app (decision 194); the secret is encrypted
 * (worker/features/auth/mfa/secret-box.ts). Since migration 0021 every row is confirmed: a set-up in
 * progress is a `totp_enrolments` row until its first code proves it (decision 213).
 */
export const totpFactors = sqliteTable("totp_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEnc: text("secret_enc").notNull(),
  /** When the first code proved the app holds the secret (null only in rows from before migration 0021). */
  confirmedAt: text("confirmed_at"),
  /** The last 30-second step accepted: a code is good once. */
  lastStep: integer("last_step").notNull().default(0),
  createdAt: createdAt(),
});

/** An authenticator app being set up: its sealed secret, apart from the confirmed app it may replace. */
export const totpEnrolments = sqliteTable("totp_enrolments", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEnc: text("secret_enc").notNull(),
  createdAt: createdAt(),
});

export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (decision 193): id is the credential id, public_key its COSE key, both base64url. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    backedUp: bool("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["register", "sign_in"] }).notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);
