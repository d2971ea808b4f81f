import { env, exports } from "cloudflare:workers";
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

/**
 * A signed-in session for the user: `Authorization` headers plus the raw tokens. `at` backdates the
 * sign-in (auth_time and the session's start), for the re-authentication and lifetime rules.
 */
export async function signIn(
  user: SessionUser,
  { method = "magic_link", at = new Date() }: { method?: "password" | "magic_link"; at?: Date } = {},
) {
  const issued = await createSession(db(), config(), user, method, at);
  return {
    ...issued,
    headers: { Authorization: `Bearer ${issued.session.access_token}` },
  };
}

export async function adminHeaders() {
  return (await signIn(await createUser({ role: "admin" }))).headers;
}

export async function memberHeaders() {
  return (await signIn(await createUser())).headers;
}
