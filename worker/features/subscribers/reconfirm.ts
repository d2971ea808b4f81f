import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Locale } from "#contract/i18n/locales";
import { emailSuppressions, subscribers, subscriptionReconfirmations } from "../../../db/schema";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";

/**
 * Subscribing needs consent (double opt-in, decision 182): a new signup is stored pending and its
 * first email (the welcome) carries a confirmation link; an address that unsubscribed (or complained,
 * which also unsubscribes) and signs up again gets a "confirm you want the weekly email again" link.
 * Either becomes active only when the confirmation page's button is pressed (a POST: a GET, as mail
 * scanners send, changes nothing). Tokens are stored hashed; each works once, for 7 days.
 */
export const RECONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;
/** At most one confirmation email per returning address in this window: the form cannot be used to pester. */
export const RECONFIRM_RESEND_MS = 10 * 60 * 1000;
/**
 * A pending signup gets a new confirmation email (signing up again, or "Resend" on the form or the manage
 * page) at most once in RECONFIRM_RESEND_MS and at most PENDING_LINKS_PER_DAY times in a day, the first one
 * included (decision 226; before it, once a day, which made a resend button useless).
 */
export const PENDING_LINKS_PER_DAY = 3;
const DAY_MS = 24 * 3600 * 1000;
/** A pending signup not confirmed within this window is deleted by the daily clean-up. */
export const PENDING_TTL_MS = RECONFIRM_TTL_MS;

/** Who confirmed, as the request showed it: the consent evidence kept on the subscriber row. */
export type ConsentEvidence = { ip: string | null; userAgent: string | null };

/** The evidence columns of a confirmation at `nowIso` (the user agent is bounded: it is client input). */
export const consentColumns = (nowIso: string, consent: ConsentEvidence) => ({
  confirmedAt: nowIso,
  consentIp: consent.ip?.slice(0, 64) ?? null,
  consentUserAgent: consent.userAgent?.slice(0, 512) ?? null,
});

/** Pending: signed up, never confirmed (a returning address has confirmed before and is not pending). */
export const isPending = (row: Pick<SubscriberRow, "active" | "confirmedAt">) =>
  !row.active && row.confirmedAt === null;

export const RECONFIRM_INVALID_MESSAGE = "This confirmation link is invalid or has expired. Please sign up again.";

type SubscriberRow = typeof subscribers.$inferSelect;

/**
 * A new confirmation for an inactive subscriber (pending or unsubscribed), holding the name and ZIP
 * just entered; null when one was made within `gapMs` (RECONFIRM_RESEND_MS) or, with `perDay`, when that many
 * were made in the last 24 hours (the signup answers 201 either way; it says whether a link went).
 */
export async function createReconfirmation(
  db: Db,
  sub: SubscriberRow,
  input: { firstName: string; zipCode: string | null; timeZone: string },
  now: Date,
  { gapMs = RECONFIRM_RESEND_MS, perDay = Number.POSITIVE_INFINITY }: { gapMs?: number; perDay?: number } = {},
): Promise<string | null> {
  const since = new Date(now.getTime() - gapMs).toISOString();
  const daySince = new Date(now.getTime() - DAY_MS).toISOString();
  const [recent] = await db
    .select({
      lastAt: sql<string | null>`max(${subscriptionReconfirmations.createdAt})`,
      today: sql<number>`count(*)`,
    })
    .from(subscriptionReconfirmations)
    .where(
      and(eq(subscriptionReconfirmations.subscriberId, sub.id), gt(subscriptionReconfirmations.createdAt, daySince)),
    );
  if (recent && ((recent.lastAt !== null && recent.lastAt > since) || recent.today >= perDay)) return null;
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
  return row
    ? { firstName: row.r.firstName, email: row.s.email, zipCode: row.r.zipCode, returning: !isPending(row.s) }
    : null;
}

/**
 * The button: activates the subscriber with the name and ZIP from the signup, once (the token is
 * spent in the same statement batch), records the consent (time, IP, user agent) and lifts a
 * complaint suppression — its owner has now asked. `returning` is false for a new signup's first
 * confirmation (it already had its welcome), true for an address that had unsubscribed.
 */
export async function confirmReconfirmation(
  db: Db,
  token: string,
  now: Date,
  consent: ConsentEvidence = { ip: null, userAgent: null },
  /** The language of the page the link opened (the signup's): the emails' from now on. */
  locale?: Locale,
): Promise<{ subscriber: SubscriberRow; returning: boolean } | null> {
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
        ...(locale ? { locale } : {}),
        subscribedAt: nowIso,
        unsubscribedAt: null,
        updatedAt: nowIso,
        ...consentColumns(nowIso, consent),
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
  const subscriber = spent.length > 0 ? updated[0] : undefined;
  return subscriber ? { subscriber, returning: !isPending(row.s) } : null;
}

/**
 * The daily clean-up: pending signups whose confirmation window has passed (no unexpired token left,
 * a re-signup's new token extends it) are deleted with their tokens. Nothing is kept: the address
 * never consented, and may simply sign up again.
 */
export async function deleteExpiredPending(db: Db, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - PENDING_TTL_MS).toISOString();
  const result = await db.run(sql`
    DELETE FROM subscribers
    WHERE confirmed_at IS NULL AND active = 0 AND subscribed_at < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM subscription_reconfirmations r
        WHERE r.subscriber_id = subscribers.id AND r.used_at IS NULL AND r.expires_at > ${nowIso})`);
  return result.meta.changes ?? 0;
}

/** Marks a subscriber's open confirmation links used (unsubscribing withdraws a pending signup). */
export const spendConfirmations = (db: Db, subscriberId: string, nowIso: string) =>
  db
    .update(subscriptionReconfirmations)
    .set({ usedAt: nowIso })
    .where(and(eq(subscriptionReconfirmations.subscriberId, subscriberId), isNull(subscriptionReconfirmations.usedAt)));

/** A complaint suppression ends when its owner asks for the email again (bounces stay: the address fails). */
export const liftComplaint = (db: Db, email: string) =>
  db
    .delete(emailSuppressions)
    .where(and(eq(emailSuppressions.email, email), eq(emailSuppressions.reason, "complaint")));
