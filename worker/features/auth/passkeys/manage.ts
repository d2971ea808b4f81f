import { and, asc, eq } from "drizzle-orm";
import { PASSKEY_MESSAGES } from "#contract/auth/passkey-messages";
import { passkeys } from "../../../../db/schema";
import { writeAudit } from "../../../platform/audit";
import type { Db } from "../../../platform/db";
import { notFound } from "../../../platform/errors";

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

/** Every change is scoped to the owner: another account's passkey id is simply not found. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskeyItem(row);
}

export async function removePasskey(db: Db, userId: string, id: string, ip: string | null) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  await writeAudit(db, {
    action: "passkey_removed",
    userId,
    tableName: "passkeys",
    ipAddress: ip,
    newValues: { passkey_id: row.id, name: row.name, timestamp: new Date().toISOString() },
  });
}
