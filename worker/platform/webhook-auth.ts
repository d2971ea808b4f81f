/**
 * Authenticating provider webhooks with WebCrypto only (runs on Workers as is): Svix signatures
 * (Resend) and shared credentials (Postmark's basic auth), both compared in constant time.
 */

const encoder = new TextEncoder();

/** Equal strings in time that depends on neither their contents nor their lengths (both are hashed first). */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [ha, hb] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(ha, hb) && a.length === b.length;
}

/** Svix rejects messages whose timestamp is further than this from now, either way (replays). */
export const SVIX_TOLERANCE_SECONDS = 5 * 60;

export type SvixVerdict = "ok" | "missing_headers" | "stale" | "bad_signature";

function base64ToBytes(value: string): Uint8Array | null {
  try {
    const bin = atob(value);
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function hmacBase64(key: Uint8Array, content: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(content)));
  let s = "";
  for (const b of mac) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * Svix's scheme (used by Resend): HMAC-SHA256 over `${svix-id}.${svix-timestamp}.${body}` with the
 * base64 secret after `whsec_`; `svix-signature` lists `v1,<base64>` signatures separated by spaces
 * (several during a secret rotation). The raw body must be used, exactly as received.
 */
export async function verifySvix(
  secret: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  body: string,
  now: Date,
): Promise<SvixVerdict> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return "missing_headers";
  const ts = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(now.getTime() / 1000 - ts) > SVIX_TOLERANCE_SECONDS) return "stale";
  const key = secret.startsWith("whsec_") ? base64ToBytes(secret.slice("whsec_".length)) : encoder.encode(secret);
  if (!key || key.length === 0) return "bad_signature";
  const expected = await hmacBase64(key, `${id}.${timestamp}.${body}`);
  for (const part of signature.split(" ")) {
    const [version, value] = part.split(",", 2);
    if (version === "v1" && value && (await constantTimeEqual(value, expected))) return "ok";
  }
  return "bad_signature";
}

/** The `user:password` of an `Authorization: Basic …` header, or null. */
export function basicCredentials(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  try {
    return atob(match[1]);
  } catch {
    return null;
  }
}
