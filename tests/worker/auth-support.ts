import { desc, eq } from "drizzle-orm";
import { outboxMessages } from "../../db/schema";
import { db } from "./helpers";
import { client } from "./support/client";

const octet = () => Math.floor(Math.random() * 256);
/** A (practically) distinct client IP per call, so one test's per-IP KV windows never affect another's. */
export const uniqueIp = () => `10.${octet()}.${octet()}.${octet()}`;

export const fromIp = (ip: string, headers: Record<string, string> = {}) => ({ "CF-Connecting-IP": ip, ...headers });

/** The newest message the outbox provider stored for an address. */
export async function latestOutboxMessage(to: string) {
  const [message] = await db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

export function tokenFromLink(text: string): string {
  const match = /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return match[1];
}

/** Requests a magic link and returns the token from the stored email. */
export async function requestLinkToken(email: string, ip = uniqueIp(), redirectTo?: string) {
  const res = await client.api.auth["magic-link"].$post(
    { json: { email, ...(redirectTo ? { redirect_to: redirectTo } : {}) } },
    { headers: fromIp(ip) },
  );
  if (res.status !== 200) throw new Error(`magic-link request failed: ${res.status} ${await res.text()}`);
  const message = await latestOutboxMessage(email.toLowerCase());
  if (!message) throw new Error("no message in the outbox");
  return tokenFromLink(message.text);
}

/** The refresh cookie value from a response's Set-Cookie header. */
export function refreshCookieOf(res: { headers: Headers }): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__Host-earthkind_refresh="));
  if (!header) return null;
  const value = header.split(";")[0]?.split("=")[1] ?? "";
  return value === "" ? null : value;
}

/** The refresh cookie as the browser sends it: from this site's own pages (Sec-Fetch-Site same-origin). */
export const cookieHeader = (token: string) => ({
  Cookie: `__Host-earthkind_refresh=${token}`,
  ...SAME_ORIGIN,
});

export const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" } as const;

/**
 * Uses up `count` calls of a client's rate-limit window the way earlier requests would. The binding
 * counts in wall-clock minutes; starting in a minute's last seconds could split the calls over two
 * windows, so this waits for the next minute then.
 */
export async function fillClientWindow(binding: RateLimit, key: string, count: number) {
  await freshMinute();
  for (let i = 0; i < count; i++) await binding.limit({ key });
}

/** Waits until at least `needSeconds` remain in the current wall-clock minute (the binding's window). */
export async function freshMinute(needSeconds = 8) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
