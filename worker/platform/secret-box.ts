import { base64url } from "./crypto";

/**
 * Secrets kept encrypted (AES-GCM) so a copy of the database alone does not give them away: TOTP secrets
 * (decision 194) and subscribers' manage tokens (decision 214). The key is derived from JWT_SECRET with HKDF,
 * with one `info` per purpose, so no two purposes share a key and none is the signing key.
 * scripts/admin-grant.mjs derives the TOTP key the same way. Rotating JWT_SECRET makes the boxes unreadable.
 */
export type BoxPurpose = "earthkind:totp-secret:v1" | "earthkind:manage-token:v1" | "earthkind:event-reminder-token:v1";

async function boxKey(jwtSecret: string, purpose: BoxPurpose) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(jwtSecret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(purpose) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const fromBase64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));

/** `v1.<iv>.<ciphertext>`, base64url. */
export async function sealSecret(jwtSecret: string, purpose: BoxPurpose, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await boxKey(jwtSecret, purpose),
    new TextEncoder().encode(plain),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The plain secret, or null when the box was sealed with another key or purpose, or is damaged. */
export async function openSecret(jwtSecret: string, purpose: BoxPurpose, box: string): Promise<string | null> {
  const [version, iv, data] = box.split(".");
  if (version !== "v1" || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64url(iv) },
      await boxKey(jwtSecret, purpose),
      fromBase64url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
