import { randomToken, sha256Hex } from "./crypto";
import { openSecret, sealSecret } from "./secret-box";

/**
 * A subscriber's manage token (decision 214): the link's 256-bit secret is stored twice, never as it is: its
 * SHA-256 (`manage_token_hash`, what a presented token is looked up by) and sealed under a key derived from
 * JWT_SECRET (`manage_token_sealed`, what the emails open to build the link every week). A copy of the database
 * alone can neither match nor rebuild a working link. Here, not in a feature: the subscribers feature issues and
 * looks tokens up, the email feature opens them.
 */
const PURPOSE = "earthkind:manage-token:v1";

/** Tokens issued before migration 0025: 32 random bytes in base64url. Only these may match a legacy row. */
const LEGACY_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type IssuedManageToken = { token: string; hash: string; sealed: string };

export async function issueManageToken(jwtSecret: string): Promise<IssuedManageToken> {
  const token = randomToken(32);
  return sealManageToken(jwtSecret, token);
}

/** The stored pair of a token (a new one, or a legacy row's plaintext being backfilled). */
export async function sealManageToken(jwtSecret: string, token: string): Promise<IssuedManageToken> {
  return { token, hash: await sha256Hex(token), sealed: await sealSecret(jwtSecret, PURPOSE, token) };
}

/**
 * The `manage_token_hash` values a presented token may match: its hash, and — until the backfill has reached
 * every row — the token itself, only when it has the old tokens' exact shape (43 base64url characters). A stored
 * hash (64 hex characters) presented as a token is never compared with the column as it is.
 */
export async function manageTokenKeys(token: string): Promise<string[]> {
  const hash = await sha256Hex(token);
  return LEGACY_TOKEN.test(token) ? [hash, token] : [hash];
}

/** Whether a stored `manage_token_hash` is still a legacy plaintext token (not yet backfilled). */
export const isLegacyStored = (stored: string) => LEGACY_TOKEN.test(stored);

/**
 * The token an email's links carry: the sealed box opened, or a legacy row's plaintext until it is backfilled.
 * Null when the box cannot be opened (JWT_SECRET rotated): the email then goes without manage links.
 */
export async function openManageToken(
  jwtSecret: string,
  row: { manageTokenHash: string; manageTokenSealed: string | null },
): Promise<string | null> {
  if (row.manageTokenSealed) return openSecret(jwtSecret, PURPOSE, row.manageTokenSealed);
  return isLegacyStored(row.manageTokenHash) ? row.manageTokenHash : null;
}
