import { base64url } from "../../../platform/crypto";

/**
 * TOTP secrets are kept encrypted (AES-GCM) so a copy of the database alone does not give away the
 * codes. The key is derived from JWT_SECRET with HKDF (its own `info`, so it is not the signing key);
 * scripts/admin-grant.mjs does the same derivation. Rotating JWT_SECRET makes stored secrets unreadable:
 * those accounts use a recovery code or a passkey and enrol again (docs/accounts.md).
 */
const INFO = "earthkind:totp-secret:v1";

async function boxKey(jwtSecret: string) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(jwtSecret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(INFO) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const fromBase64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));

/** `v1.<iv>.<ciphertext>`, base64url. */
export async function sealSecret(jwtSecret: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await boxKey(jwtSecret),
    new TextEncoder().encode(plain),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** The plain secret, or null when the box was sealed with another key or is damaged. */
export async function openSecret(jwtSecret: string, box: string): Promise<string | null> {
  const [version, iv, data] = box.split(".");
  if (version !== "v1" || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64url(iv) },
      await boxKey(jwtSecret),
      fromBase64url(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
