import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, eq } from "drizzle-orm";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "#contract/auth/passkey-messages";
import { passkeys, profiles, users } from "../../../../db/schema";
import { writeAudit } from "../../../platform/audit";
import type { Config } from "../../../platform/config";
import type { Db } from "../../../platform/db";
import { badRequest, unauthorized } from "../../../platform/errors";
import type { AuthUser } from "../../../platform/hono";
import { assertMayChangeFactors } from "../mfa/factor-rules";
import { notifyFactorChange } from "../mfa/notify-factor-change";
import { createSession } from "../sessions";
import { consumeChallenge, storeChallenge } from "./challenges";
import type { AuthenticationBody, RegistrationBody } from "./schemas";

/** The relying party is the site itself: its host name is the RP ID, its origin the only one accepted. */
const relyingParty = (config: Config) => ({
  rpID: new URL(config.SITE_URL).hostname,
  origin: config.siteOrigin,
  rpName: config.SITE_NAME,
});

/** The challenge the browser signed, read from its client data; null when that is not decodable. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

export async function registrationOptions(db: Db, config: Config, user: AuthUser, now = new Date()) {
  // Adding a passkey adds a second factor: the one rule for factor changes (decision 213).
  await assertMayChangeFactors(db, user, now);
  const { rpID, rpName } = relyingParty(config);
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: isoUint8Array.fromUTF8String(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports ?? undefined })),
    // Discoverable, so /auth can sign in without an email; verification where the device can.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(db, options.challenge, "register", user.id, now);
  return options;
}

export async function registerPasskey(
  db: Db,
  config: Config,
  user: AuthUser,
  body: RegistrationBody,
  ip: string | null,
  browser: string | null,
  now = new Date(),
) {
  await assertMayChangeFactors(db, user, now);
  const challenge = signedChallenge(body.response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, "register", user.id, now)))
    throw badRequest(PASSKEY_MESSAGES.registrationFailed, "passkey_refused");
  const { rpID, origin } = relyingParty(config);
  const result = await verifyRegistrationResponse({
    // The library checks the shape it needs; the schema only bounded the sizes.
    response: body.response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw badRequest(PASSKEY_MESSAGES.registrationFailed, "passkey_refused");
  const { credential, credentialBackedUp } = result.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      name: body.name ?? (browser ?? "Passkey").slice(0, PASSKEY_NAME_MAX),
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest(PASSKEY_MESSAGES.registrationFailed, "passkey_refused");
  await writeAudit(db, {
    action: "passkey_added",
    userId: user.id,
    tableName: "passkeys",
    ipAddress: ip,
    newValues: { passkey_id: row.id, name: row.name, timestamp: now.toISOString() },
  });
  await notifyFactorChange(db, config, user, { kind: "passkey_added", name: row.name }, browser, now);
  return row;
}

export async function authenticationOptions(db: Db, config: Config, now = new Date()) {
  // No allowCredentials: the browser offers the passkeys it holds for this site (discoverable).
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: "preferred",
  });
  await storeChallenge(db, options.challenge, "sign_in", null, now);
  return options;
}

/**
 * Signs in with a passkey: the challenge is spent, the signature checked against the stored key with
 * user verification required (that is what makes one passkey two factors), the counter moved on, and
 * a session opened whose second factor is the passkey (decision 193).
 */
export async function signInWithPasskey(
  db: Db,
  config: Config,
  body: AuthenticationBody,
  client: { ip: string | null; browser: string | null },
  now = new Date(),
) {
  const { ip, browser } = client;
  const refuse = async (reason: string, userId: string | null = null): Promise<never> => {
    await writeAudit(db, {
      action: "auth_failure",
      userId,
      tableName: "passkeys",
      ipAddress: ip,
      newValues: { reason, method: "passkey", timestamp: now.toISOString() },
    });
    throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  };
  const challenge = signedChallenge(body.response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, "sign_in", null, now))) return refuse("challenge");
  const [key] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      email: users.email,
      role: profiles.role,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .innerJoin(profiles, eq(profiles.userId, passkeys.userId))
    .where(eq(passkeys.id, body.response.id))
    .limit(1);
  if (!key) return refuse("unknown_passkey");
  const { rpID, origin } = relyingParty(config);
  const result = await verifyAuthenticationResponse({
    response: body.response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.id,
      publicKey: isoBase64URL.toBuffer(key.publicKey),
      counter: key.counter,
      transports: key.transports ?? undefined,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) return refuse("signature", key.userId);
  await db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now.toISOString() })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.userId, key.userId)));
  const user = { id: key.userId, email: key.email, role: key.role };
  const issued = await createSession(db, config, user, "passkey", now, browser);
  await writeAudit(db, {
    action: "auth_success",
    userId: key.userId,
    tableName: "sessions",
    ipAddress: ip,
    newValues: { email: key.email, method: "passkey", passkey_id: key.id, timestamp: now.toISOString() },
  });
  return issued;
}
