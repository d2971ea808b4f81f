import { jwtVerify, SignJWT } from "jose";
import { type Config, MIN_JWT_SECRET_LENGTH } from "./config";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "earthkind:api";

export type AuthMethod = "password" | "magic_link" | "passkey";
/** How a session proved a second factor (decision 194); a passkey sign-in is one by itself. */
export type SecondFactor = "otp" | "recovery_code" | "passkey";
const AUTH_METHODS: readonly AuthMethod[] = ["password", "magic_link", "passkey"];
const SECOND_FACTORS: readonly SecondFactor[] = ["otp", "recovery_code", "passkey"];

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
  /** When the session last proved a second factor (Unix seconds, `mfa_time`), 0 if never. */
  mfaTime: number;
  mfaMethod: SecondFactor | null;
};

function key(config: Config): Uint8Array {
  const secret = config.JWT_SECRET;
  // A short secret makes HS256 brute-forceable; refuse to run rather than issue weak tokens.
  if (!secret || secret.length < MIN_JWT_SECRET_LENGTH)
    throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(secret);
}

/** What a token is signed from; a session without a second factor may leave those claims out. */
export type ClaimsToSign = Omit<AccessClaims, "mfaTime" | "mfaMethod"> &
  Partial<Pick<AccessClaims, "mfaTime" | "mfaMethod">>;

export async function signAccessToken(config: Config, claims: ClaimsToSign, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    role: claims.role,
    sid: claims.sid,
    email: claims.email,
    auth_time: claims.authTime,
    amr: [claims.authMethod, claims.mfaMethod].filter((m, i, all) => m && all.indexOf(m) === i),
    mfa_time: claims.mfaTime ?? 0,
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
    const amr = Array.isArray(payload.amr) ? payload.amr.filter((m): m is string => typeof m === "string") : [];
    return {
      sub: payload.sub,
      sid: payload.sid,
      role: payload.role === "admin" ? "admin" : "user",
      email: typeof payload.email === "string" ? payload.email : "",
      // A token without auth_time counts as an old sign-in: it can never pass a recency check.
      authTime: typeof payload.auth_time === "number" ? payload.auth_time : 0,
      authMethod: amr.find((m): m is AuthMethod => AUTH_METHODS.includes(m as AuthMethod)) ?? null,
      mfaTime: typeof payload.mfa_time === "number" ? payload.mfa_time : 0,
      // amr lists the sign-in first: the second factor is the last entry that is one.
      mfaMethod: amr.findLast((m): m is SecondFactor => SECOND_FACTORS.includes(m as SecondFactor)) ?? null,
    };
  } catch {
    return null;
  }
}
