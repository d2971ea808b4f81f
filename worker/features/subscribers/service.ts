import { eq, sql } from "drizzle-orm";
import { subscribers, zipCodes } from "../../../db/schema";
import { randomToken } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import type { SignupRequest } from "./schemas";
import { maskEmail, type SubscriptionView } from "./signup-rules";

type SubscriberRow = typeof subscribers.$inferSelect;

export type SubscribeResult =
  | { outcome: "created" | "reactivated"; subscriber: SubscriberRow }
  | { outcome: "already_active" };

/**
 * Insert, or reactivate an unsubscribed address — one statement, so two simultaneous signups for the
 * same email cannot both succeed. An active address is left untouched (the caller answers 409).
 * Reactivation keeps the manage token, so links in older emails keep working.
 */
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
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        active: true,
        firstName: input.first_name,
        zipCode: input.zip_code ?? null,
        timeZone,
        subscribedAt: nowIso,
        unsubscribedAt: null,
        updatedAt: nowIso,
      },
      setWhere: eq(subscribers.active, false),
    })
    .returning();
  if (!row) return { outcome: "already_active" };
  return { outcome: row.id === id ? "created" : "reactivated", subscriber: row };
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
  return row ?? null;
}
