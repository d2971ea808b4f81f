import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ADMIN_INVITATION_MESSAGES } from "#contract/admin-invitations/schemas";
import { adminInvitations, profiles, users } from "../../../db/schema";
import type { Config } from "../../platform/config";
import { sha256Hex } from "../../platform/crypto";
import { d1Statement } from "../../platform/d1-statements";
import type { Db } from "../../platform/db";
import { type AppError, badRequest } from "../../platform/errors";
import { createSession, type IssuedSession } from "../auth/sessions";

type AcceptInput = { token: string; ip: string | null; browser: string | null };

/**
 * Spends an admin invitation (decision 235). ONE batch claims it, creates the account on first use, makes it an
 * admin and audits it; a failure anywhere leaves none of it. The audit row's key asserts the claim (NULL, so the
 * batch rolls back, unless this very call claimed the row), so two clicks racing each other cannot both spend it.
 * The session is opened only after the role is stored, with a start no earlier than the role change: a new
 * admin's first second factor may be enrolled only in a session that began at or after the grant (issue 40).
 */
export async function acceptAdminInvitation(
  db: Db,
  config: Config,
  input: AcceptInput,
  now = new Date(),
): Promise<IssuedSession> {
  const tokenHash = await sha256Hex(input.token);
  const nowIso = now.toISOString();
  const [invitation] = await db
    .select({ id: adminInvitations.id, email: adminInvitations.email })
    .from(adminInvitations)
    .where(
      and(
        eq(adminInvitations.tokenHash, tokenHash),
        isNull(adminInvitations.usedAt),
        gt(adminInvitations.expiresAt, nowIso),
      ),
    )
    .limit(1);
  if (!invitation) throw await unusableInvitation(db, tokenHash);

  const claimId = crypto.randomUUID();
  const { email } = invitation;
  const claimedByUs = sql`EXISTS (SELECT 1 FROM admin_invitations WHERE id = ${invitation.id} AND claim_id = ${claimId})`;
  try {
    await db.$client.batch(
      [
        db
          .update(adminInvitations)
          .set({ usedAt: nowIso, claimId })
          .where(
            and(
              eq(adminInvitations.id, invitation.id),
              isNull(adminInvitations.usedAt),
              gt(adminInvitations.expiresAt, nowIso),
            ),
          ),
        sql`INSERT INTO users (id, email) VALUES (${crypto.randomUUID()}, ${email}) ON CONFLICT(email) DO NOTHING`,
        sql`INSERT INTO profiles (id, user_id, email)
        SELECT ${crypto.randomUUID()}, id, email FROM users WHERE email = ${email}
        ON CONFLICT(user_id) DO NOTHING`,
        // Role first (the profile's triggers audit it and stamp when it was granted), the session after the batch.
        sql`UPDATE profiles SET role = 'admin', role_changed_by = ${`admin-invitation:${invitation.id}`},
          updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
        WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
        sql`UPDATE admin_invitations SET user_id = (SELECT id FROM users WHERE email = ${email})
        WHERE id = ${invitation.id}`,
        sql`INSERT INTO security_audit_log (id, user_id, action, table_name, ip_address, new_values)
        SELECT CASE WHEN ${claimedByUs} THEN ${crypto.randomUUID()} END, id, 'admin_invitation_accepted',
          'admin_invitations', ${input.ip}, json_object('invitation_id', ${invitation.id}, 'email', email)
        FROM users WHERE email = ${email}`,
      ].map((q) => d1Statement(db, q)),
    );
  } catch (err) {
    const [row] = await db
      .select({ usedAt: adminInvitations.usedAt, expiresAt: adminInvitations.expiresAt })
      .from(adminInvitations)
      .where(eq(adminInvitations.id, invitation.id))
      .limit(1);
    if (!row || row.usedAt !== null || row.expiresAt <= nowIso) throw await unusableInvitation(db, tokenHash);
    throw err;
  }

  const [user] = await db
    .select({ id: users.id, email: users.email, role: profiles.role, grantedAt: profiles.updatedAt })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!user) throw new Error("account creation failed");
  // The database's clock stamped the grant; the session starts no earlier, whatever this isolate's clock says.
  const signedInAt = new Date(Math.max(Date.now(), Date.parse(user.grantedAt)));
  return createSession(
    db,
    config,
    { id: user.id, email: user.email, role: user.role },
    "magic_link",
    signedInAt,
    input.browser,
  );
}

async function unusableInvitation(db: Db, tokenHash: string): Promise<AppError> {
  const [row] = await db
    .select({ usedAt: adminInvitations.usedAt })
    .from(adminInvitations)
    .where(eq(adminInvitations.tokenHash, tokenHash))
    .limit(1);
  if (!row) return badRequest(ADMIN_INVITATION_MESSAGES.invalid, "invitation_invalid");
  if (row.usedAt) return badRequest(ADMIN_INVITATION_MESSAGES.used, "invitation_used");
  return badRequest(ADMIN_INVITATION_MESSAGES.expired, "invitation_expired");
}
