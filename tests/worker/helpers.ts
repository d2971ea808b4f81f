import { env, exports } from "cloudflare:workers";
import { Secret, TOTP } from "otpauth";
import { createSession, type SessionUser } from "../../worker/features/auth/sessions";
import { getConfig } from "../../worker/platform/config";
import { createDb } from "../../worker/platform/db";
import { createUser } from "./support/factories";

export const db = () => createDb(env.DB);
export const config = () => getConfig(env);

/**
 * Calls the Worker exactly as a client would (the whole app: middleware, routes, errors), for what
 * the typed client (support/client.ts) does not describe: pages and files, malformed, signed or
 * multipart bodies, and tables of paths checked alike (guards, headers, hostile traffic).
 */
export function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    }),
  );
}

/** The current code of an authenticator app holding this base32 secret (RFC 6238, as the apps do). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/**
 * Sets up an authenticator app through the real routes (enrol, confirm with a computed code) and
 * returns the secret, the code it spent, the recovery codes and the session that now carries the second factor.
 */
export async function enrolTotp(accessToken: string) {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const started = await api("/api/auth/mfa/totp/enroll", { method: "POST", headers });
  if (started.status !== 200) throw new Error(`TOTP enrolment refused: ${started.status} ${await started.text()}`);
  const { secret } = (await started.json()) as { secret: string };
  const code = totpCode(secret);
  const confirmed = await api("/api/auth/mfa/totp/confirm", { method: "POST", headers, json: { code } });
  if (confirmed.status !== 200)
    throw new Error(`TOTP confirmation refused: ${confirmed.status} ${await confirmed.text()}`);
  const body = (await confirmed.json()) as { session: { access_token: string }; recovery_codes: string[] };
  return { secret, code, recoveryCodes: body.recovery_codes, accessToken: body.session.access_token };
}

/**
 * A signed-in session for the user: `Authorization` headers plus the raw tokens. `at` backdates the
 * sign-in (auth_time and the session's start), for the re-authentication and lifetime rules. An
 * admin's session also completes the second factor (an authenticator app set up through the routes),
 * as admin work needs one, unless `secondFactor: false`.
 */
export async function signIn(
  user: SessionUser,
  {
    method = "magic_link",
    at = new Date(),
    secondFactor = user.role === "admin",
  }: { method?: "password" | "magic_link"; at?: Date; secondFactor?: boolean } = {},
) {
  const issued = await createSession(db(), config(), user, method, at, null);
  const accessToken = secondFactor
    ? (await enrolTotp(issued.session.access_token)).accessToken
    : issued.session.access_token;
  return {
    ...issued,
    session: { ...issued.session, access_token: accessToken },
    headers: { Authorization: `Bearer ${accessToken}` },
  };
}

export async function adminHeaders() {
  return (await signIn(await createUser({ role: "admin" }))).headers;
}

export async function memberHeaders() {
  return (await signIn(await createUser())).headers;
}
