import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

/**
 * An invitation to become an admin (decision 235), made by `npm run admin:invite`: single use, 24 hours, only the
 * SHA-256 of its link's token stored. `claim_id` is the spending request's own id, so the batch that spends it can
 * tell its claim from a racing one; `user_id` is the account it made an admin.
 */
export const adminInvitations = sqliteTable(
  "admin_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    claimId: text("claim_id"),
    userId: text("user_id"),
  },
  (t) => [uniqueIndex("admin_invitations_token_hash_unique").on(t.tokenHash)],
);
