import { jwtVerify, SignJWT } from "jose";
import type { Config } from "../../platform/config";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "earthkind:api";

export type AccessClaims = { sub: string; role: "user" | "admin"; sid: string; email: string };

function key(config: Config): Uint8Array {
  const secret = config.JWT_SECRET;
  // A short secret makes HS256 brute-forceable; refuse to run rather than issue weak tokens.
  if (!secret || secret.length < 32) throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(config: Config, claims: AccessClaims, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role: claims.role, sid: claims.sid, email: claims.email })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(config));
  return { token, expiresAt: exp };
}

/** Verifies signature, algorithm, issuer, audience and expiry; null for any invalid token. */
export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ["HS256"],
      issuer: config.JWT_ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      role: payload.role === "admin" ? "admin" : "user",
      email: typeof payload.email === "string" ? payload.email : "",
    };
  } catch {
    return null;
  }
}
