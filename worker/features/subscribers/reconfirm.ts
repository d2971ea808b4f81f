import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { emailSuppressions, subscribers, subscriptionReconfirmations } from "../../../db/schema";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";

/**
 * Coming back needs consent: an address that unsubscribed (or complained, which also unsubscribes)
 * and signs up again gets a "confirm you want the weekly email again" link, and becomes active only
 * when that page's button is pressed. Tokens are stored hashed; each works once, for 7 days.
 */
export const RECONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;
/** At most one confirmation email per address in this window: the signup form cannot be used to pester. */
export const RECONFIRM_RESEND_MS = 10 * 60 * 1000;

export const RECONFIRM_INVALID_MESSAGE = "This confirmation link is invalid or has expired. Please sign up again.";

type SubscriberRow = typeof subscribers.$inferSelect;

/**
 * A new confirmation for an unsubscribed subscriber, holding the name and ZIP just entered; null when
 * one was made in the last few minutes (the signup answers the same either way).
 */
export async function createReconfirmation(
  db: Db,
  sub: SubscriberRow,
  input: { firstName: string; zipCode: string | null; timeZone: string },
  now: Date,
): Promise<string | null> {
  const since = new Date(now.getTime() - RECONFIRM_RESEND_MS).toISOString();
  const [recent] = await db
    .select({ at: subscriptionReconfirmations.createdAt })
    .from(subscriptionReconfirmations)
    .where(and(eq(subscriptionReconfirmations.subscriberId, sub.id), gt(subscriptionReconfirmations.createdAt, since)))
    .limit(1);
  if (recent) return null;
  const token = randomToken(32);
  await db.insert(subscriptionReconfirmations).values({
    tokenHash: await sha256Hex(token),
    subscriberId: sub.id,
    firstName: input.firstName,
    zipCode: input.zipCode,
    timeZone: input.timeZone,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + RECONFIRM_TTL_MS).toISOString(),
  });
  return token;
}

async function usable(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ r: subscriptionReconfirmations, s: subscribers })
    .from(subscriptionReconfirmations)
    .innerJoin(subscribers, eq(subscribers.id, subscriptionReconfirmations.subscriberId))
    .where(
      and(
        eq(subscriptionReconfirmations.tokenHash, await sha256Hex(token)),
        isNull(subscriptionReconfirmations.usedAt),
        gt(subscriptionReconfirmations.expiresAt, now.toISOString()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** What the confirmation page shows (reading it changes nothing: mail scanners open links). */
export async function peekReconfirmation(db: Db, token: string, now: Date) {
  const row = await usable(db, token, now);
  return row ? { firstName: row.r.firstName, email: row.s.email } : null;
}

/**
 * The button: activates the subscriber with the name and ZIP from the signup, once (the token is
 * spent in the same statement batch), and lifts a complaint suppression — its owner has now asked.
 */
export async function confirmReconfirmation(db: Db, token: string, now: Date): Promise<SubscriberRow | null> {
  const row = await usable(db, token, now);
  if (!row) return null;
  const nowIso = now.toISOString();
  // Spending the token, activating and lifting a complaint happen together or not at all.
  const [spent, updated] = await db.batch([
    db
      .update(subscriptionReconfirmations)
      .set({ usedAt: nowIso })
      .where(
        and(eq(subscriptionReconfirmations.tokenHash, row.r.tokenHash), isNull(subscriptionReconfirmations.usedAt)),
      )
      .returning({ id: subscriptionReconfirmations.subscriberId }),
    db
      .update(subscribers)
      .set({
        active: true,
        firstName: row.r.firstName,
        zipCode: row.r.zipCode,
        timeZone: row.r.timeZone,
        subscribedAt: nowIso,
        unsubscribedAt: null,
        updatedAt: nowIso,
      })
      .where(
        and(
          eq(subscribers.id, row.s.id),
          sql`EXISTS (SELECT 1 FROM subscription_reconfirmations WHERE token_hash = ${row.r.tokenHash} AND used_at = ${nowIso})`,
        ),
      )
      .returning(),
    liftComplaint(db, row.s.email),
  ]);
  return spent.length > 0 ? (updated[0] ?? null) : null;
}

/** A complaint suppression ends when its owner asks for the email again (bounces stay: the address fails). */
export const liftComplaint = (db: Db, email: string) =>
  db
    .delete(emailSuppressions)
    .where(and(eq(emailSuppressions.email, email), eq(emailSuppressions.reason, "complaint")));
