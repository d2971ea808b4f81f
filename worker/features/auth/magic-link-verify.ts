import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { magicLinkTokens, profiles, refreshTokens, users } from "../../../db/schema";
import type { Config } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import { d1Statement } from "../../platform/d1-statements";
import type { Db } from "../../platform/db";
import { type AppError, badRequest } from "../../platform/errors";
import { type IssuedSession, refreshExpiresAt, type SessionRow, signSession } from "./sessions";

export type VerifiedMagicLink = IssuedSession & { redirectTo: string | null };

type VerifyInput = { token: string; ip: string | null; browser?: string | null; locale?: Locale };

/**
 * Exchanges a link's token for a session, in ONE batch (one transaction, decision 191): the link is
 * claimed for a new session id, the account is created on first verify, the session and its refresh
 * token are stored, older links retired, the address marked verified and the sign-in audited. A
 * failure anywhere leaves none of it. The session insert asserts the claim: its id is NULL (refused by
 * the NOT NULL key, so the whole batch rolls back) unless the link was claimed by this very call, so
 * two clicks racing each other cannot both sign in.
 */
export async function verifyMagicLink(
  db: Db,
  config: Config,
  input: VerifyInput,
  now = new Date(),
): Promise<VerifiedMagicLink> {
  const tokenHash = await sha256Hex(input.token);
  const nowIso = now.toISOString();
  const [link] = await db
    .select({ id: magicLinkTokens.id, email: magicLinkTokens.email, redirectTo: magicLinkTokens.redirectTo })
    .from(magicLinkTokens)
    .where(
      and(
        eq(magicLinkTokens.tokenHash, tokenHash),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, nowIso),
      ),
    )
    .limit(1);
  if (!link) throw await unusableLinkError(db, tokenHash);

  const session: SessionRow = { id: crypto.randomUUID(), createdAt: nowIso, authMethod: "magic_link" };
  const refreshToken = randomToken();
  const refreshExpiry = refreshExpiresAt(session, now);
  const claimedByUs = sql`EXISTS (SELECT 1 FROM magic_link_tokens WHERE id = ${link.id} AND session_id = ${session.id})`;
  const userId = sql`(SELECT id FROM users WHERE email = ${link.email})`;
  try {
    await db.$client.batch(
      [
        db
          .update(magicLinkTokens)
          .set({ usedAt: nowIso, sessionId: session.id })
          .where(
            and(eq(magicLinkTokens.id, link.id), isNull(magicLinkTokens.usedAt), gt(magicLinkTokens.expiresAt, nowIso)),
          ),
        // The first verify creates the account; both inserts are no-ops for an existing one.
        sql`INSERT INTO users (id, email, locale) VALUES (${crypto.randomUUID()}, ${link.email}, ${input.locale ?? DEFAULT_LOCALE})
        ON CONFLICT(email) DO NOTHING`,
        sql`INSERT INTO profiles (id, user_id, email)
        SELECT ${crypto.randomUUID()}, id, email FROM users WHERE email = ${link.email}
        ON CONFLICT(user_id) DO NOTHING`,
        sql`INSERT INTO sessions (id, user_id, created_at, auth_method, last_used_at, browser)
        VALUES (CASE WHEN ${claimedByUs} THEN ${session.id} END, ${userId}, ${nowIso}, 'magic_link', ${nowIso},
          ${input.browser ?? null})`,
        db.insert(refreshTokens).values({
          sessionId: session.id,
          tokenHash: await sha256Hex(refreshToken),
          expiresAt: new Date(refreshExpiry).toISOString(),
        }),
        // Opening the newest link retires the older ones still in the inbox.
        db
          .update(magicLinkTokens)
          .set({ usedAt: nowIso })
          .where(
            and(eq(magicLinkTokens.email, link.email), isNull(magicLinkTokens.usedAt), ne(magicLinkTokens.id, link.id)),
          ),
        db
          .update(users)
          .set({ emailVerifiedAt: nowIso, updatedAt: nowIso })
          .where(and(eq(users.email, link.email), isNull(users.emailVerifiedAt))),
        sql`INSERT INTO security_audit_log (id, user_id, action, table_name, ip_address, new_values)
        SELECT ${crypto.randomUUID()}, id, 'auth_success', 'sessions', ${input.ip},
          json_object('method', 'magic_link', 'email', email, 'timestamp', ${nowIso})
        FROM users WHERE email = ${link.email}`,
      ].map((q) => d1Statement(db, q)),
    );
  } catch (err) {
    // Our claim matched nothing (another click used the link first, or it expired meanwhile), so the
    // session's key was NULL; any other failure is the server's, and the link stays usable.
    const [claim] = await db
      .select({ usedAt: magicLinkTokens.usedAt, expiresAt: magicLinkTokens.expiresAt })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.id, link.id))
      .limit(1);
    if (!claim || claim.usedAt !== null || claim.expiresAt <= nowIso) throw await unusableLinkError(db, tokenHash);
    throw err;
  }

  const [user] = await db
    .select({ id: users.id, email: users.email, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, link.email))
    .limit(1);
  if (!user) throw new Error("account creation failed");
  const issued = await signSession(db, config, user, session, refreshToken, refreshExpiry, now);
  return { ...issued, redirectTo: link.redirectTo };
}

/**
 * Reads a link without spending it (decision 215): the address it signs in, or the error the exchange would
 * give (invalid, used, expired). The page shows it with a button; only the button's POST signs in, so a mail
 * scanner that opens the page and runs its scripts spends nothing.
 */
export async function peekMagicLink(db: Db, token: string, now = new Date()): Promise<{ email: string }> {
  const tokenHash = await sha256Hex(token);
  const [link] = await db
    .select({ email: magicLinkTokens.email })
    .from(magicLinkTokens)
    .where(
      and(
        eq(magicLinkTokens.tokenHash, tokenHash),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, now.toISOString()),
      ),
    )
    .limit(1);
  if (!link) throw await unusableLinkError(db, tokenHash);
  return link;
}

async function unusableLinkError(db: Db, tokenHash: string): Promise<AppError> {
  const [row] = await db
    .select({ usedAt: magicLinkTokens.usedAt })
    .from(magicLinkTokens)
    .where(eq(magicLinkTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return badRequest("This sign-in link is invalid. Please request a new one.", "link_invalid");
  if (row.usedAt) return badRequest("This sign-in link has already been used. Please request a new one.", "link_used");
  return badRequest("This sign-in link has expired. Please request a new one.", "link_expired");
}
