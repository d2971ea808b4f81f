import { jwtVerify, SignJWT } from "jose";
import { type Config, MIN_JWT_SECRET_LENGTH } from "../../platform/config";

/**
 * The "I did it" link's token (decision 196): a JWT signed with JWT_SECRET like the access token, but
 * for another audience, so neither is accepted where the other is expected. It names the subscriber,
 * the action and the weekly campaign whose email carried it, and grants exactly one thing: recording
 * that action for that address. It signs nobody in.
 */
export const DID_IT_AUDIENCE = "earthkind:did-it";
/** A month: the week of the action and the weeks after it, when people catch up on their mail. */
export const DID_IT_TTL_SECONDS = 30 * 86_400;

export type DidItClaims = { subscriberId: string; actionId: string; campaignId: string };

function key(config: Config): Uint8Array {
  const secret = config.JWT_SECRET;
  if (!secret || secret.length < MIN_JWT_SECRET_LENGTH)
    throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(secret);
}

export async function signDidItToken(config: Config, claims: DidItClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ act: claims.actionId, cmp: claims.campaignId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.subscriberId)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(DID_IT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + DID_IT_TTL_SECONDS)
    .sign(key(config));
}

/** Null for any token that is not ours, not for this purpose, altered or expired. */
export async function verifyDidItToken(config: Config, token: string, now = new Date()): Promise<DidItClaims | null> {
  if (!token || token.length > 1000) return null;
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ["HS256"],
      issuer: config.JWT_ISSUER,
      audience: DID_IT_AUDIENCE,
      currentDate: now,
    });
    const { sub, act, cmp } = payload;
    if (typeof sub !== "string" || typeof act !== "string" || typeof cmp !== "string") return null;
    return { subscriberId: sub, actionId: act, campaignId: cmp };
  } catch {
    return null;
  }
}
