import { and, count, eq, isNull, lt } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { MFA_MESSAGES } from "#contract/auth/mfa-messages";
import { recoveryCodes, totpEnrolments, totpFactors } from "../../../../db/schema";
import { auditStatement, writeAudit } from "../../../platform/audit";
import type { Config } from "../../../platform/config";
import { sha256Hex } from "../../../platform/crypto";
import type { Db } from "../../../platform/db";
import { AppError, badRequest, conflict } from "../../../platform/errors";
import type { AuthUser } from "../../../platform/hono";
import { enforceAccountLimit } from "../../../platform/rate-limit";
import { formatWait } from "../throttle-messages";
import { assertMayChangeFactors } from "./factor-rules";
import { notifyFactorChange } from "./notify-factor-change";
import { openSecret, sealSecret } from "./secret-box";
import { proveSecondFactor } from "./session-factor";

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps, one step of drift either way. */
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Code attempts per account per 15 minutes, every attempt counted before it is checked: with 3 valid
 * codes in a million at any moment, 5 guesses a quarter hour make a guessed code very unlikely.
 */
export const MFA_ATTEMPT_LIMIT = { limit: 5, windowSeconds: 900 } as const;

type Deps = { db: Db; config: Config; kv: KVNamespace };

const totpFor = (secret: string, label = "", issuer = "") =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS });

const jwtSecret = (config: Config) => config.JWT_SECRET ?? "";

export type TotpState = "none" | "pending" | "confirmed";

/** "confirmed" when the account has an app (a set-up in progress may replace it), "pending" while only a set-up is. */
export async function totpState(db: Db, userId: string): Promise<{ totp: TotpState; recoveryCodesLeft: number }> {
  const [[factor], [enrolment], [left]] = await db.batch([
    db.select({ userId: totpFactors.userId }).from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1),
    db.select({ userId: totpEnrolments.userId }).from(totpEnrolments).where(eq(totpEnrolments.userId, userId)).limit(1),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totp: factor ? "confirmed" : enrolment ? "pending" : "none", recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * Starts (or restarts) setting up an app: a new secret, stored sealed apart from the confirmed app, shown
 * once. The confirmed app and its recovery codes keep working until the new one is confirmed. Passes the
 * one rule for factor changes (decision 213): with a second factor, a proof of it in the last 10 minutes.
 */
export async function startTotpEnrolment({ db, config }: Deps, user: AuthUser, now = new Date()) {
  await assertMayChangeFactors(db, user, now);
  const secret = new Secret({ size: 20 }).base32;
  const secretEnc = await sealSecret(jwtSecret(config), secret);
  await db
    .insert(totpEnrolments)
    .values({ userId: user.id, secretEnc, createdAt: now.toISOString() })
    .onConflictDoUpdate({ target: totpEnrolments.userId, set: { secretEnc, createdAt: now.toISOString() } });
  return { secret, uri: totpFor(secret, user.email, config.SITE_NAME).toString() };
}

/** The 30-second step a code belongs to, or null when it is not the secret's code now (±1 step). */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Checks a code against the account's confirmed app and claims its step in one conditional UPDATE, so each
 * code works once even when two requests race with it.
 */
async function spendTotpCode(db: Db, config: Config, userId: string, code: string, now: Date) {
  const [factor] = await db
    .select({ secretEnc: totpFactors.secretEnc })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .limit(1);
  const step = factor ? await stepOfCode(config, factor.secretEnc, code, now) : null;
  if (step === null) return false;
  const [claimed] = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  return claimed !== undefined;
}

async function stepOfCode(config: Config, secretEnc: string, code: string, now: Date) {
  const secret = await openSecret(jwtSecret(config), secretEnc);
  return secret && /^\d{6}$/.test(code) ? matchingStep(secret, code, now) : null;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function spendRecoveryCode(db: Db, userId: string, code: string, now: Date) {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now.toISOString() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await sha256Hex(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used !== undefined;
}

async function limitAttempts({ db, kv }: Deps, user: AuthUser, now: Date) {
  await enforceAccountLimit(
    db,
    kv,
    {
      scope: "mfa",
      subject: user.id,
      ...MFA_ATTEMPT_LIMIT,
      message: (wait) => `Too many codes tried. Please try again ${formatWait(wait)}.`,
    },
    now.getTime(),
  );
}

async function refuse(db: Db, user: AuthUser, ip: string | null, method: string, now: Date): Promise<never> {
  await writeAudit(db, {
    action: "auth_failure",
    userId: user.id,
    tableName: "totp_factors",
    ipAddress: ip,
    newValues: { email: user.email, reason: MFA_MESSAGES.codeWrong, method, timestamp: now.toISOString() },
  });
  throw badRequest(MFA_MESSAGES.codeWrong, "invalid_code");
}

/**
 * Confirms the set-up with its first code: the new app becomes the account's (replacing any earlier one),
 * with 10 fresh recovery codes. Claiming the set-up row first makes a code confirm once, even when two
 * requests race with it.
 */
export async function confirmTotpEnrolment(
  deps: Deps,
  user: AuthUser,
  code: string,
  ip: string | null,
  browser: string | null,
  now = new Date(),
) {
  const { db, config } = deps;
  const [enrolment] = await db
    .select({ secretEnc: totpEnrolments.secretEnc })
    .from(totpEnrolments)
    .where(eq(totpEnrolments.userId, user.id))
    .limit(1);
  if (!enrolment) throw conflict(MFA_MESSAGES.noPendingEnrolment, "no_pending_enrolment");
  await limitAttempts(deps, user, now);
  const step = await stepOfCode(config, enrolment.secretEnc, code.replace(/\s/g, ""), now);
  if (step === null) await refuse(db, user, ip, "totp_enrolment", now);
  const [claimed] = await db
    .delete(totpEnrolments)
    .where(and(eq(totpEnrolments.userId, user.id), eq(totpEnrolments.secretEnc, enrolment.secretEnc)))
    .returning({ userId: totpEnrolments.userId });
  if (!claimed) throw conflict(MFA_MESSAGES.noPendingEnrolment, "no_pending_enrolment");

  const { totp: before } = await totpState(db, user.id);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalizeRecoveryCode(c))));
  const factor = { secretEnc: enrolment.secretEnc, confirmedAt: now.toISOString(), lastStep: step ?? 0 };
  await db.batch([
    db
      .insert(totpFactors)
      .values({ userId: user.id, ...factor })
      .onConflictDoUpdate({ target: totpFactors.userId, set: factor }),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: user.id, codeHash }))),
    auditStatement(db, {
      action: "mfa_enrolled",
      userId: user.id,
      tableName: "totp_factors",
      ipAddress: ip,
      newValues: { method: "otp", replaced: before === "confirmed", timestamp: now.toISOString() },
    }),
  ]);
  await notifyFactorChange(db, config, user, { kind: "app_added", replaced: before === "confirmed" }, browser, now);
  return { session: await proveSecondFactor(db, config, user, "otp", now), recoveryCodes: codes };
}

/** Proves the second factor with a code from the app or an unused recovery code. */
export async function proveWithCode(deps: Deps, user: AuthUser, code: string, ip: string | null, now = new Date()) {
  const { db, config } = deps;
  const { totp } = await totpState(db, user.id);
  if (totp !== "confirmed") throw new AppError(409, "mfa_not_enrolled", MFA_MESSAGES.notEnrolled);
  await limitAttempts(deps, user, now);
  const digits = code.replace(/\s/g, "");
  const method = /^\d{6}$/.test(digits) ? "otp" : "recovery_code";
  const ok =
    method === "otp"
      ? await spendTotpCode(db, config, user.id, digits, now)
      : await spendRecoveryCode(db, user.id, code, now);
  if (!ok) await refuse(db, user, ip, method, now);
  await writeAudit(db, {
    action: "mfa_success",
    userId: user.id,
    tableName: "sessions",
    ipAddress: ip,
    newValues: { method, session_id: user.sessionId, timestamp: now.toISOString() },
  });
  return proveSecondFactor(db, config, user, method, now);
}
