import { eq, sql } from "drizzle-orm";
import { subscribers, zipCodes } from "../../../db/schema";
import { randomToken } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { liftComplaint } from "./reconfirm";
import type { SignupRequest } from "./schemas";
import { maskEmail, type SubscriptionView } from "./signup-rules";

type SubscriberRow = typeof subscribers.$inferSelect;

/**
 * The subscriber's IANA zone, stored with the ZIP so the weekly send's waves need no join per
 * message: the ZIP's zone from `zip_codes` (computed at seed time from its coordinates), else
 * SITE_TIMEZONE for no ZIP or an unknown one.
 */
export async function timeZoneForZip(db: Db, zipCode: string | null | undefined, siteTimeZone: string) {
  if (!zipCode) return siteTimeZone;
  const [row] = await db
    .select({ timeZone: zipCodes.timeZone })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zipCode.slice(0, 5)))
    .limit(1);
  return row?.timeZone ?? siteTimeZone;
}

export type SubscribeResult =
  | { outcome: "created"; subscriber: SubscriberRow }
  | { outcome: "returning"; subscriber: SubscriberRow; timeZone: string }
  | { outcome: "already_active" };

/**
 * Inserts a new address. An existing one is left untouched: active → the caller answers 409; one
 * that unsubscribed (or complained) is "returning" and comes back only through the confirmation
 * email (reconfirm.ts) — signing up again never re-activates it by itself. One statement, so two
 * simultaneous signups for the same email cannot both insert.
 */
export async function subscribe(
  db: Db,
  input: SignupRequest,
  now: Date,
  siteTimeZone: string,
): Promise<SubscribeResult> {
  const id = crypto.randomUUID();
  const nowIso = now.toISOString();
  const timeZone = await timeZoneForZip(db, input.zip_code, siteTimeZone);
  const [row] = await db
    .insert(subscribers)
    .values({
      id,
      email: input.email,
      firstName: input.first_name,
      zipCode: input.zip_code ?? null,
      timeZone,
      manageToken: randomToken(32),
      subscribedAt: nowIso,
    })
    .onConflictDoNothing({ target: subscribers.email })
    .returning();
  if (row) return { outcome: "created", subscriber: row };
  const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, input.email)).limit(1);
  if (!existing || existing.active) return { outcome: "already_active" };
  return { outcome: "returning", subscriber: existing, timeZone };
}

export function toSubscriptionView(
  row: Pick<SubscriberRow, "firstName" | "email" | "active" | "subscribedAt">,
): SubscriptionView {
  return {
    first_name: row.firstName,
    masked_email: maskEmail(row.email),
    active: row.active,
    subscribed_at: row.subscribedAt,
  };
}

export async function findByToken(db: Db, token: string): Promise<SubscriberRow | null> {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.manageToken, token)).limit(1);
  return row ?? null;
}

/**
 * Unsubscribe or resubscribe by manage token; idempotent (repeating it changes nothing and answers
 * the same). The first unsubscribe time is kept when it is repeated.
 */
export async function setActiveByToken(
  db: Db,
  token: string,
  active: boolean,
  now: Date,
): Promise<SubscriberRow | null> {
  const nowIso = now.toISOString();
  const [row] = await db
    .update(subscribers)
    .set(
      active
        ? { active: true, unsubscribedAt: null, updatedAt: nowIso }
        : {
            active: false,
            unsubscribedAt: sql`CASE WHEN ${subscribers.active} = 1 THEN ${nowIso} ELSE ${subscribers.unsubscribedAt} END`,
            updatedAt: nowIso,
          },
    )
    .where(eq(subscribers.manageToken, token))
    .returning();
  // Resubscribing from one's own manage link is consent: a complaint no longer blocks the email.
  if (row && active) await liftComplaint(db, row.email);
  return row ?? null;
}
