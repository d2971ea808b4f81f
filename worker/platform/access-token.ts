import { jwtVerify, SignJWT } from "jose";
import type { Config } from "./config";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "earthkind:api";

export type AuthMethod = "password" | "magic_link";

/**
 * `auth_time` (Unix seconds, as in OpenID Connect) is when the person signed in, carried unchanged
 * across refreshes: re-authentication rules measure from it. `amr` says how they signed in.
 */
export type AccessClaims = {
  sub: string;
  role: "user" | "admin";
  sid: string;
  email: string;
  authTime: number;
  authMethod: AuthMethod | null;
};

function key(config: Config): Uint8Array {
  const secret = config.JWT_SECRET;
  // A short secret makes HS256 brute-forceable; refuse to run rather than issue weak tokens.
  if (!secret || secret.length < 32) throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(config: Config, claims: AccessClaims, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    role: claims.role,
    sid: claims.sid,
    email: claims.email,
    auth_time: claims.authTime,
    amr: claims.authMethod ? [claims.authMethod] : [],
  })
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
      // A token without auth_time counts as an old sign-in: it can never pass a recency check.
      authTime: typeof payload.auth_time === "number" ? payload.auth_time : 0,
      authMethod:
        Array.isArray(payload.amr) && payload.amr.includes("magic_link")
          ? "magic_link"
          : Array.isArray(payload.amr) && payload.amr.includes("password")
            ? "password"
            : null,
    };
  } catch {
    return null;
  }
}
