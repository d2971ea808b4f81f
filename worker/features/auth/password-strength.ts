import { AUTH_MESSAGES } from "#contract/auth/messages";
import type { Config } from "../../platform/config";
import { badRequest } from "../../platform/errors";

/**
 * What a new password must not be, beyond the shared length rule (decision 190): one of the ~49,000
 * most common passwords (the maintained list of @zxcvbn-ts/language-common, loaded on first use so
 * only this path pays for unpacking it, and never shipped to the browser), the account's email or its
 * local part, or the site's name, give or take digits and symbols around them. Optionally, when
 * PASSWORD_BREACH_CHECK is "true", one Have I Been Pwned has seen in a breach.
 */
let commonPasswords: Promise<Set<string>> | null = null;

function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    (m) => new Set(m.dictionary["passwords-common"].map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/** "Earthkind2024!" → "earthkind": the letters a guesser would start from. */
const core = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");

export async function checkNewPassword(config: Config, password: string, email: string): Promise<void> {
  const lowered = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const personal = [address, address.split("@")[0] ?? "", config.SITE_NAME.toLowerCase(), "earthkind"]
    .map(core)
    .filter((word) => word.length >= 3);
  if (personal.includes(core(password)) || lowered === address)
    throw badRequest(AUTH_MESSAGES.passwordTooPersonal, "password_too_personal");
  const common = await loadCommonPasswords();
  if (common.has(lowered) || common.has(password))
    throw badRequest(AUTH_MESSAGES.passwordTooCommon, "password_too_common");
  if (config.PASSWORD_BREACH_CHECK === "true" && (await seenInBreach(password))) {
    throw badRequest(AUTH_MESSAGES.passwordBreached, "password_breached");
  }
}

export const PWNED_RANGE_URL = "https://api.pwnedpasswords.com/range/";
/** The check must not hold up a password change: past this it is skipped. */
const BREACH_CHECK_TIMEOUT_MS = 1500;

/**
 * k-anonymity: only the first 5 hex digits of the password's SHA-1 leave the Worker, and Add-Padding
 * makes every answer about the same size. Fails open (unreachable, slow or odd answers count as
 * "not seen"): the list and length rules still hold, and a third party's outage must not stop people.
 */
async function seenInBreach(password: string): Promise<boolean> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(password));
  const hex = [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
  const prefix = hex.slice(0, 5);
  const suffix = hex.slice(5);
  try {
    const res = await fetch(`${PWNED_RANGE_URL}${prefix}`, {
      headers: { "Add-Padding": "true", "User-Agent": "Earthkind password check" },
      signal: AbortSignal.timeout(BREACH_CHECK_TIMEOUT_MS),
    });
    if (!res.ok) return false;
    for (const line of (await res.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":");
      // Padding lines carry a count of 0.
      if (candidate === suffix) return Number(count) > 0;
    }
    return false;
  } catch (err) {
    console.warn("password breach check unavailable", err);
    return false;
  }
}
