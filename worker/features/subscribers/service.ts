import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#contract/i18n/locales";
import type { SignupRequest } from "#contract/subscribers/schemas";
import { maskEmail, type SubscriptionView } from "#contract/subscribers/signup-rules";
import { subscribers, zipCodes } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { issueManageToken, manageTokenKeys } from "../../platform/manage-token";
import type { EmailJob } from "../email/jobs";
import {
  type ConsentEvidence,
  consentColumns,
  createReconfirmation,
  isPending,
  liftComplaint,
  PENDING_LINKS_PER_DAY,
  spendConfirmations,
} from "./reconfirm";

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
  | { outcome: "created"; subscriber: SubscriberRow; timeZone: string }
  | { outcome: "pending"; subscriber: SubscriberRow; timeZone: string }
  | { outcome: "returning"; subscriber: SubscriberRow; timeZone: string }
  | { outcome: "already_active" };

/**
 * Inserts a new address, pending: inactive until its owner confirms (double opt-in, decision 182).
 * An existing one is left untouched: active → the caller answers 409; a pending one ("pending") or
 * one that unsubscribed or complained ("returning") comes back only through the confirmation email
 * (reconfirm.ts) — signing up again never activates an address by itself. One statement, so two
 * simultaneous signups for the same email cannot both insert.
 */
export async function subscribe(
  db: Db,
  input: SignupRequest,
  now: Date,
  siteTimeZone: string,
  jwtSecret: string,
): Promise<SubscribeResult> {
  const id = crypto.randomUUID();
  // Stored hashed and sealed, never as it is (decision 214); the emails open the sealed copy.
  const manage = await issueManageToken(jwtSecret);
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
      // The emails' language, chosen at signup (the page's by default, routes.ts).
      ...(input.locale ? { locale: input.locale } : {}),
      manageTokenHash: manage.hash,
      manageTokenSealed: manage.sealed,
      subscribedAt: nowIso,
      active: false,
      confirmedAt: null,
    })
    .onConflictDoNothing({ target: subscribers.email })
    .returning();
  if (row) return { outcome: "created", subscriber: row, timeZone };
  const [existing] = await db.select().from(subscribers).where(eq(subscribers.email, input.email)).limit(1);
  if (!existing || existing.active) return { outcome: "already_active" };
  return { outcome: isPending(existing) ? "pending" : "returning", subscriber: existing, timeZone };
}

/**
 * The email a signup sends, with its confirmation token: a new or pending address gets "Confirm your
 * Earthkind subscription" (a pending one at most once in 10 minutes and three times a day, decision 226),
 * a returning one "confirm you want the weekly email again" (at most once in RECONFIRM_RESEND_MS). Null
 * when nothing is due: the form's answer is 201 either way and says whether a link went.
 */
export async function signupEmailJob(
  db: Db,
  result: Exclude<SubscribeResult, { outcome: "already_active" }>,
  input: SignupRequest,
  now: Date,
): Promise<EmailJob | null> {
  const returning = result.outcome === "returning";
  const token = await createReconfirmation(
    db,
    result.subscriber,
    { firstName: input.first_name, zipCode: input.zip_code ?? null, timeZone: result.timeZone },
    now,
    returning ? {} : { perDay: PENDING_LINKS_PER_DAY },
  );
  if (!token) return null;
  const requestedAt = now.toISOString();
  // An existing row keeps its language until its owner confirms from the link, which is in this signup's
  // language (the confirmation stores it, decision 274).
  const locale = input.locale;
  return returning
    ? { type: "reconfirm", subscriberId: result.subscriber.id, token, requestedAt, ...(locale ? { locale } : {}) }
    : {
        type: "welcome",
        subscriberId: result.subscriber.id,
        requestedAt,
        confirmToken: token,
        ...(locale ? { locale } : {}),
      };
}

/**
 * "Resend the confirmation email" from a pending signup's manage page: a new link (the job is the
 * signup's), under the same limits as signing up again. Null when the row is not pending or a link
 * went out too recently.
 */
export async function resendJobForPending(
  db: Db,
  row: SubscriberRow,
  now: Date,
  siteTimeZone: string,
): Promise<EmailJob | null> {
  if (!isPending(row)) return null;
  const token = await createReconfirmation(
    db,
    row,
    { firstName: row.firstName, zipCode: row.zipCode, timeZone: row.timeZone ?? siteTimeZone },
    now,
    { perDay: PENDING_LINKS_PER_DAY },
  );
  return token ? { type: "welcome", subscriberId: row.id, requestedAt: now.toISOString(), confirmToken: token } : null;
}

/** The consent columns when a row becomes active; an already active row keeps its recorded consent. */
function newConsent(nowIso: string, consent: ConsentEvidence) {
  const fresh = consentColumns(nowIso, consent);
  const unlessActive = (column: SQL, value: string | null) =>
    sql`CASE WHEN ${subscribers.active} = 1 THEN ${column} ELSE ${value} END`;
  return {
    confirmedAt: unlessActive(sql`${subscribers.confirmedAt}`, fresh.confirmedAt),
    consentIp: unlessActive(sql`${subscribers.consentIp}`, fresh.consentIp),
    consentUserAgent: unlessActive(sql`${subscribers.consentUserAgent}`, fresh.consentUserAgent),
  };
}

export function toSubscriptionView(
  row: Pick<SubscriberRow, "firstName" | "email" | "active" | "subscribedAt" | "confirmedAt" | "locale">,
): SubscriptionView {
  return {
    locale: row.locale,
    first_name: row.firstName,
    masked_email: maskEmail(row.email),
    active: row.active,
    subscribed_at: row.subscribedAt,
    // Signed up, never confirmed: the page waits for the confirmation instead of offering Resubscribe.
    pending: isPending(row),
  };
}

/** The row a presented manage token names: by its hash, or as it is for a row not yet backfilled (decision 214). */
const byManageToken = async (token: string) => inArray(subscribers.manageTokenHash, await manageTokenKeys(token));

export async function findByToken(db: Db, token: string): Promise<SubscriberRow | null> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(await byManageToken(token))
    .limit(1);
  return row ?? null;
}

/**
 * Unsubscribe or resubscribe by manage token; idempotent (repeating it changes nothing and answers
 * the same). The first unsubscribe time is kept when it is repeated. Resubscribing is a POST by the
 * holder of a link only ever sent to the address, so it is consent, recorded like a confirmation
 * (it also confirms a pending signup whose owner used the welcome's manage link instead).
 */
export async function setActiveByToken(
  db: Db,
  token: string,
  active: boolean,
  now: Date,
  consent: ConsentEvidence = { ip: null, userAgent: null },
): Promise<SubscriberRow | null> {
  const nowIso = now.toISOString();
  const [row] = await db
    .update(subscribers)
    .set(
      active
        ? { active: true, unsubscribedAt: null, updatedAt: nowIso, ...newConsent(nowIso, consent) }
        : {
            active: false,
            unsubscribedAt: sql`CASE WHEN ${subscribers.active} = 1 THEN ${nowIso} ELSE ${subscribers.unsubscribedAt} END`,
            updatedAt: nowIso,
          },
    )
    .where(await byManageToken(token))
    .returning();
  // Resubscribing from one's own manage link is consent: a complaint no longer blocks the email.
  if (row && active) await liftComplaint(db, row.email);
  // Unsubscribing also withdraws a signup not yet confirmed: its confirmation links stop working.
  if (row && !active) await spendConfirmations(db, row.id, nowIso);
  return row ?? null;
}

/** The manage page's "Email language": the language of every later email (issue 46). */
export async function setLocaleByToken(
  db: Db,
  token: string,
  locale: Locale,
  now: Date,
): Promise<SubscriberRow | null> {
  const [row] = await db
    .update(subscribers)
    .set({ locale, updatedAt: now.toISOString() })
    .where(await byManageToken(token))
    .returning();
  return row ?? null;
}
