import { eq, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { magicLinkTokens } from "../../../db/schema";
import type { Config } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { AppError, tooManyRequests } from "../../platform/errors";
import { translatorFor } from "../../platform/i18n";
import { createMailProvider } from "../../platform/mail/provider";
import type { SendResult } from "../../platform/mail/types";
import { blockKey, cacheBlock, cachedBlock } from "../../platform/rate-limit";
import { siteFromConfig } from "../email/content";
import { magicLinkEmail, magicLinkUrl } from "./magic-link-email";
import { memberLocale } from "./member-locale";
import { waitText } from "./throttle-messages";

/** Exact per-address limits, counted in D1 rows (KV is too loose for security counters). */
export const MAGIC_LINK_MIN_INTERVAL_SECONDS = 60;
export const MAGIC_LINK_HOURLY_LIMIT = 5;

type RequestInput = {
  email: string;
  redirectTo?: string | null;
  ip: string | null;
  /** The language the link was asked for in (the page's); a member's own language comes first. */
  locale?: Locale;
};

/**
 * Stores a hashed single-use token and emails the link. The answer is the same whether or not an
 * account exists (the account is created on first verify) and whether or not the address is on the
 * suppression list or refused by the provider, so it reveals nothing about who is signed up.
 */
export async function requestMagicLink(
  db: Db,
  config: Config,
  kv: KVNamespace,
  input: RequestInput,
  now = new Date(),
): Promise<void> {
  // An address already known to be over its limit is refused from the edge cache, without D1.
  const cacheKey = await blockKey("magic-link", input.email);
  const cached = await cachedBlock(kv, cacheKey, now.getTime());
  const asked = input.locale ?? DEFAULT_LOCALE;
  if (cached) throw throttleError(cached.reason === "hourly" ? "hourly" : "interval", cached.retryAfterSeconds, asked);

  const token = randomToken();
  const id = crypto.randomUUID();
  const createdAt = now.toISOString();
  const minuteAgo = new Date(now.getTime() - MAGIC_LINK_MIN_INTERVAL_SECONDS * 1000).toISOString();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const expiresAt = new Date(now.getTime() + config.MAGIC_LINK_TTL_MINUTES * 60_000).toISOString();

  // Check and insert in ONE statement: the row reserves the send before the email goes out, and D1
  // runs statements one at a time, so N parallel requests are N checks in order (a read-then-write
  // would let them all pass). The row is the count: the limit is exact, never kept in KV.
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO magic_link_tokens (id, email, token_hash, redirect_to, ip_address, created_at, expires_at)
    SELECT ${id}, ${input.email}, ${await sha256Hex(token)}, ${input.redirectTo ?? null}, ${input.ip}, ${createdAt}, ${expiresAt}
    WHERE NOT EXISTS (
        SELECT 1 FROM magic_link_tokens WHERE email = ${input.email} AND created_at > ${minuteAgo})
      AND (SELECT count(*) FROM magic_link_tokens WHERE email = ${input.email} AND created_at > ${hourAgo})
        < ${MAGIC_LINK_HOURLY_LIMIT}
    RETURNING id`);
  if (inserted.length === 0) {
    const { reason, wait } = await throttled(db, input.email, now, hourAgo);
    await cacheBlock(kv, cacheKey, wait, reason, now.getTime());
    throw throttleError(reason, wait, asked);
  }

  // A member reads their own language; an address with no account yet, the language it asked in.
  const locale = (await memberLocale(db, input.email)) ?? input.locale ?? DEFAULT_LOCALE;
  const message = magicLinkEmail({
    to: input.email,
    link: magicLinkUrl(config.siteOrigin, token, locale),
    site: siteFromConfig(config),
    ttlMinutes: config.MAGIC_LINK_TTL_MINUTES,
    locale,
  });
  // Account mail: it goes out even to an address on the suppression list (decision 181).
  let result: SendResult | undefined;
  try {
    [result] = await createMailProvider(config, db).sendBatch([{ ...message, idempotencyKey: `magic-link:${id}` }]);
  } catch (err) {
    console.error("magic-link: sending failed", err);
  }
  if (result?.ok) return;
  if (result?.recipientRefused) {
    // The provider took the request but refused this address (e.g. Postmark's inactive recipient after
    // a hard bounce). Answered as a sent link, with the token kept so the limits count it too: any other
    // answer would tell the requester something about the address (decision 181).
    console.error("magic-link: provider refused the recipient", result.error);
    return;
  }
  if (result) console.error("magic-link: provider refused the message", result);
  // The service failed, not the address: a link that was never sent should not count against the limit.
  await db.delete(magicLinkTokens).where(eq(magicLinkTokens.id, id));
  throw new AppError(503, "mail_unavailable", "We couldn't send the sign-in email. Please try again in a moment.");
}

type ThrottleReason = "hourly" | "interval";

async function throttled(
  db: Db,
  email: string,
  now: Date,
  hourAgo: string,
): Promise<{ reason: ThrottleReason; wait: number }> {
  const [row] = await db.all<{ n: number; first: string | null; last: string | null }>(sql`
    SELECT count(*) AS n, min(created_at) AS first, max(created_at) AS last
    FROM magic_link_tokens WHERE email = ${email} AND created_at > ${hourAgo}`);
  const secondsUntil = (iso: string | null | undefined, plusSeconds: number) =>
    Math.max(1, iso ? Math.ceil((Date.parse(iso) + plusSeconds * 1000 - now.getTime()) / 1000) : 1);
  if ((row?.n ?? 0) >= MAGIC_LINK_HOURLY_LIMIT) return { reason: "hourly", wait: secondsUntil(row?.first, 3600) };
  return { reason: "interval", wait: secondsUntil(row?.last, MAGIC_LINK_MIN_INTERVAL_SECONDS) };
}

/** Said in the language the link was asked in: it answers that request. */
function throttleError(reason: ThrottleReason, wait: number, locale: Locale): AppError {
  const t = translatorFor(locale);
  const values = { wait: waitText(t, wait) };
  return tooManyRequests(
    wait,
    reason === "hourly" ? t("account.error.linksHourly", values) : t("account.error.linkJustSent", values),
  );
}
