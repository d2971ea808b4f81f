import { and, asc, eq } from "drizzle-orm";
import { PASSKEY_MESSAGES } from "#contract/auth/passkey-messages";
import { passkeys } from "../../../../db/schema";
import { writeAudit } from "../../../platform/audit";
import type { Config } from "../../../platform/config";
import type { Db } from "../../../platform/db";
import { notFound } from "../../../platform/errors";
import type { AuthUser } from "../../../platform/hono";
import { assertMayChangeFactors, assertMayRemovePasskey } from "../mfa/factor-rules";
import { notifyFactorChange } from "../mfa/notify-factor-change";

type PasskeyRow = typeof passkeys.$inferSelect;

export const toPasskeyItem = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt,
  last_used_at: row.lastUsedAt,
  backed_up: row.backedUp,
});

export async function listPasskeys(db: Db, userId: string) {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(toPasskeyItem);
}

/**
 * Every change is scoped to the owner (another account's passkey id is simply not found) and passes the
 * one rule for factor changes (decision 213): a second factor proved in the last 10 minutes.
 */
export async function renamePasskey(db: Db, user: AuthUser, id: string, name: string) {
  await assertMayChangeFactors(db, user);
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskeyItem(row);
}

/** Removing one also keeps an admin's last second factor (replace it first), and tells the account. */
export async function removePasskey(
  db: Db,
  config: Config,
  user: AuthUser,
  id: string,
  ip: string | null,
  browser: string | null,
  now = new Date(),
) {
  await assertMayRemovePasskey(db, user, now);
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  await writeAudit(db, {
    action: "passkey_removed",
    userId: user.id,
    tableName: "passkeys",
    ipAddress: ip,
    newValues: { passkey_id: row.id, name: row.name, timestamp: now.toISOString() },
  });
  await notifyFactorChange(db, config, user, { kind: "passkey_removed", name: row.name }, browser, now);
}
