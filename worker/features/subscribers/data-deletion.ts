import { eq, sql } from "drizzle-orm";
import { deletedSubscriberHashes, subscribers } from "../../../db/schema";
import { sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";

/**
 * The suppression key of an address whose data was deleted: SHA-256 of the trimmed, case-folded
 * address. Unkeyed on purpose: it must survive a JWT_SECRET rotation, and a key would not hide a
 * guessed address from someone who can read the database anyway (decision 111).
 */
export const deletedEmailHash = (email: string) => sha256Hex(`deleted-subscriber:${email.trim().toLowerCase()}`);

export async function isDeletedAddress(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ h: deletedSubscriberHashes.emailHash })
    .from(deletedSubscriberHashes)
    .where(eq(deletedSubscriberHashes.emailHash, await deletedEmailHash(email)))
    .limit(1);
  return Boolean(row);
}

/**
 * Deletes a subscriber's data in one transaction: the row goes, the send ledger keeps its rows (keyed by
 * the subscriber's id; the address was only ever read from this row, decision 245), and only the address's hash is
 * kept, so the address is never added back and mailed by mistake. Idempotent on the hash.
 */
export async function deleteSubscriberData(db: Db, subscriber: { id: string; email: string }): Promise<void> {
  await db.batch([
    db
      .insert(deletedSubscriberHashes)
      .values({ emailHash: await deletedEmailHash(subscriber.email) })
      .onConflictDoNothing(),
    db.delete(subscribers).where(eq(subscribers.id, subscriber.id)),
  ]);
}

/**
 * The same deletion for whatever subscriber has this (case-folded) address, as statements for the
 * caller's own transaction: account deletion runs them beside its own (decision 187). With no such
 * subscriber they change nothing, and no hash is written (nothing was subscribed to keep out).
 */
export async function deleteSubscriberByEmailStatements(db: Db, email: string) {
  const address = email.trim().toLowerCase();
  const hash = await deletedEmailHash(address);
  return [
    db
      .insert(deletedSubscriberHashes)
      .select(
        db
          .select({
            emailHash: sql<string>`${hash}`.as("email_hash"),
            createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`.as("created_at"),
          })
          .from(subscribers)
          .where(eq(subscribers.email, address)),
      )
      .onConflictDoNothing(),
    db.delete(subscribers).where(eq(subscribers.email, address)),
  ] as const;
}
