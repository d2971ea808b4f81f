import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#contract/auth/messages";
import { MFA_MESSAGES } from "#contract/auth/mfa-messages";
import { ACCOUNT_DELETION_MESSAGES } from "#contract/auth/my-data-schemas";
import { PASSKEY_MESSAGES } from "#contract/auth/passkey-messages";
import { RECENT_PROOF_MESSAGE } from "#contract/platform/recent-proof";
import { readCatalogue } from "../../scripts/catalogues.mjs";

/**
 * The API answers a Spanish page's call in Spanish by finding its English message in the site catalogue (decision
 * 275): so every message the auth code throws must be there word for word, or it would stay English.
 */
const english = new Set(Object.values(readCatalogue(path.join(import.meta.dirname, "../../locales/en/site"))));

describe("the account's server messages", () => {
  it.each(
    Object.entries({
      ...AUTH_MESSAGES,
      ...MFA_MESSAGES,
      ...PASSKEY_MESSAGES,
      ...ACCOUNT_DELETION_MESSAGES,
      recentProof: RECENT_PROOF_MESSAGE,
    }),
  )("%s is a catalogue message, word for word", (_, message) => {
    expect(english.has(message)).toBe(true);
  });
});
