import { eq } from "drizzle-orm";
import { AUTH_MESSAGES } from "#contract/auth/schemas";
import { profiles, users } from "../../../db/schema";
import { auditStatement, writeAudit } from "../../platform/audit";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { AppError, tooManyRequests } from "../../platform/errors";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../../platform/password";
import { clearPasswordAttempts, reservePasswordAttempt } from "./lockout";
import { createSession, type IssuedSession } from "./sessions";

type SignInInput = { email: string; password: string; ip: string | null; browser?: string | null };

export async function signInWithPassword(
  db: Db,
  config: Config,
  kv: KVNamespace,
  input: SignInInput,
  now = new Date(),
): Promise<IssuedSession> {
  const nowIso = now.toISOString();
  const attempt = await reservePasswordAttempt(db, kv, input.email, input.ip, now);
  if (!attempt.ok) {
    // Refusals served from the KV cache do not touch D1, so only the first ones are audited.
    if (!attempt.cached) await auditFailure(db, input, attempt.message, nowIso);
    throw tooManyRequests(attempt.retryAfterSeconds, attempt.message);
  }

  const [account] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, input.email))
    .limit(1);

  // Unknown emails and magic-link-only accounts cost one scrypt too, so timing reveals nothing.
  let valid = false;
  if (account?.passwordHash) valid = await verifyPassword(input.password, account.passwordHash);
  else await burnPasswordCheck(input.password);

  if (!account || !valid) {
    // The failure was already counted by the reservation.
    await auditFailure(db, input, AUTH_MESSAGES.invalidCredentials, nowIso);
    throw new AppError(401, "invalid_credentials", AUTH_MESSAGES.invalidCredentials);
  }

  const issued = await createSession(
    db,
    config,
    { id: account.id, email: account.email, role: account.role },
    "password",
    now,
    input.browser ?? null,
  );
  const rehash = account.passwordHash && needsRehash(account.passwordHash) ? await hashPassword(input.password) : null;
  await db.batch([
    clearPasswordAttempts(db, input.email, input.ip),
    auditStatement(db, {
      action: "auth_success",
      userId: account.id,
      tableName: "sessions",
      ipAddress: input.ip,
      newValues: { method: "password", email: account.email, timestamp: nowIso },
    }),
    ...(rehash
      ? [db.update(users).set({ passwordHash: rehash, updatedAt: nowIso }).where(eq(users.id, account.id))]
      : []),
  ]);
  return issued;
}

async function auditFailure(db: Db, input: SignInInput, reason: string, timestamp: string) {
  await writeAudit(db, {
    action: "auth_failure",
    userId: null,
    tableName: "sessions",
    ipAddress: input.ip,
    newValues: { email: input.email, reason, method: "password", timestamp },
  });
}
