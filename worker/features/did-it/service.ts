import { and, eq } from "drizzle-orm";
import type { DidItView } from "#contract/did-it/responses";
import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { actionCompletions, emailCampaigns, subscribers, users, weeklyActions } from "../../../db/schema";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { actionTextIn } from "../actions/dto";
import { findOrCreateUser } from "../auth/sessions";
import { type DidItClaims, verifyDidItToken } from "./token";

type Resolved = { claims: DidItClaims; email: string; locale: Locale; action: DidItView["action"] };

/**
 * A token is good only while everything it names still exists: the subscriber (a deleted one's links
 * die with the data), the published action, and the weekly campaign it came with.
 */
async function resolve(
  db: Db,
  config: Config,
  token: string,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Resolved | null> {
  const claims = await verifyDidItToken(config, token, now);
  if (!claims) return null;
  const [row] = await db
    .select({ email: subscribers.email, locale: subscribers.locale, action: weeklyActions })
    .from(subscribers)
    .innerJoin(weeklyActions, and(eq(weeklyActions.id, claims.actionId), eq(weeklyActions.status, "published")))
    .innerJoin(
      emailCampaigns,
      and(
        eq(emailCampaigns.id, claims.campaignId),
        eq(emailCampaigns.actionId, claims.actionId),
        eq(emailCampaigns.kind, "weekly"),
      ),
    )
    .where(eq(subscribers.id, claims.subscriberId))
    .limit(1);
  if (!row) return null;
  const { text, language } = actionTextIn(row.action, locale);
  return {
    claims,
    email: row.email,
    locale: row.locale,
    action: { title: text.title, slug: row.action.slug, language },
  };
}

async function isRecorded(db: Db, email: string, actionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: actionCompletions.id })
    .from(actionCompletions)
    .innerJoin(users, eq(users.id, actionCompletions.userId))
    .where(and(eq(users.email, email), eq(actionCompletions.actionId, actionId)))
    .limit(1);
  return Boolean(row);
}

/**
 * What the page shows, in the reader's language, and the address the link was mailed to; reads only (scanners
 * open these links).
 */
export async function readDidItLink(
  db: Db,
  config: Config,
  token: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ view: DidItView; email: string /** The subscriber's language. */; locale: Locale } | null> {
  const found = await resolve(db, config, token, now, locale);
  if (!found) return null;
  const recorded = await isRecorded(db, found.email, found.claims.actionId);
  return { view: { action: found.action, recorded }, email: found.email, locale: found.locale };
}

export const readDidIt = async (db: Db, config: Config, token: string, locale: Locale) =>
  (await readDidItLink(db, config, token, new Date(), locale))?.view ?? null;

/**
 * Records the action for the account of the subscriber's address, creating the account when there is
 * none (holding the mailed link shows the address is theirs, as a magic link would). Once per account
 * and action: a completion already there, from the site or an earlier press, is left exactly as it is.
 * The email's address, the account's email and the sign-in address are the same case-folded string.
 */
export async function recordDidIt(
  db: Db,
  config: Config,
  token: string,
  input: { notes: string | null; share_note: boolean },
  now = new Date(),
): Promise<{ view: DidItView; email: string; created: boolean } | null> {
  const found = await resolve(db, config, token, now);
  if (!found) return null;
  // A new account's emails go in the subscriber's language, as their weekly email does.
  const user = await findOrCreateUser(db, found.email, found.locale);
  const inserted = await db
    .insert(actionCompletions)
    .values({
      userId: user.id,
      actionId: found.claims.actionId,
      completedAt: now.toISOString(),
      notes: input.notes,
      // Sharing needs a note, as in the dialog (service.ts upsertCompletion); shared notes wait for review.
      shareNote: input.notes !== null && input.share_note,
      source: "email",
      campaignId: found.claims.campaignId,
    })
    .onConflictDoNothing({ target: [actionCompletions.userId, actionCompletions.actionId] })
    .returning({ id: actionCompletions.id });
  return { view: { action: found.action, recorded: true }, email: found.email, created: inserted.length > 0 };
}
