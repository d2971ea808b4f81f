import { eq, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MyDataExport } from "#contract/auth/my-data-schemas";
import {
  actionCompletions,
  emailDeliveries,
  magicLinkTokens,
  passwordThrottle,
  profileAuditLog,
  profiles,
  refreshTokens,
  securityAuditLog,
  sessions,
  subscribers,
  users,
} from "../../db/schema";
import { deletedUserRef } from "../../worker/features/auth/account-deletion";
import { isDeletedAddress } from "../../worker/features/subscribers/data-deletion";
import { cookieHeader, fromIp, latestOutboxMessage, requestLinkToken, uniqueIp } from "./auth-support";
import { api, db, signIn } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { MY_EXPORTS, runExport } from "./support/exports";

const me = client.api.me;
const deleteAccount = (confirmEmail: unknown, headers?: Record<string, string>) =>
  me.$delete({ json: { confirm_email: unchecked(confirmEmail) } }, { headers });

import { createAction, createCampaign, createSubscriber, createUser, uniqueEmail } from "./support/factories";

/** A member with what a real one accumulates: two sessions, a completion with notes, a failed password try, a subscription. */
async function activeMember() {
  const email = uniqueEmail("member");
  // A magic-link sign-in through the API writes the auth_success audit row the export must show.
  const token = await requestLinkToken(email);
  await ok(client.api.auth.verify.$post({ json: { token } }, { headers: fromIp(uniqueIp()) }));
  const [user] = await db().select().from(users).where(eq(users.email, email));
  if (!user) throw new Error("no user");
  const member = { id: user.id, email, role: "user" as const };
  const other = await signIn(member);
  const session = await signIn(member);
  const action = await createAction({ title: "Leave the leaves" });
  await ok(
    me.completions[":actionId"].$put(
      { param: { actionId: action.id }, json: { notes: "Left them under the oak" } },
      { headers: session.headers },
    ),
  );
  await client.api.auth.password.$post(
    { json: { email, password: "wrong-password-123" } },
    { headers: fromIp(uniqueIp()) },
  );
  // An unused magic link (a second request within the minute would be throttled).
  await db()
    .insert(magicLinkTokens)
    .values({ email, tokenHash: `unused-${email}`, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  const sub = await createSubscriber({ email, firstName: "Moss", zipCode: "97201" });
  return { member, session, other, action, sub };
}

describe("download my data (a background export, decision 250)", () => {
  it("needs a session", async () => {
    expect((await api(MY_EXPORTS, { method: "POST", json: {} })).status).toBe(401);
  });

  it("returns profile, sessions, sign-in history, completions with notes and the same-email subscription", async () => {
    const { member, session, action, sub } = await activeMember();
    const { job, file: res } = await runExport(MY_EXPORTS, session.headers);
    expect(job.filename).toMatch(/^earthkind-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="earthkind-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = (await res.json()) as MyDataExport;
    expect(data.profile).toMatchObject({ id: member.id, email: member.email, role: "user", has_password: false });
    expect(data.sessions).toHaveLength(3);
    expect(data.sign_in_history.map((h) => [h.action, h.method])).toEqual(
      expect.arrayContaining([
        ["auth_success", "magic_link"],
        ["auth_failure", "password"],
      ]),
    );
    expect(data.completions).toEqual([
      expect.objectContaining({
        action_id: action.id,
        action_title: "Leave the leaves",
        notes: "Left them under the oak",
      }),
    ]);
    expect(data.subscription).toMatchObject({
      first_name: "Moss",
      email: sub.email,
      zip_code: "97201",
      active: true,
      emails_received: [],
    });
    // Another member's export holds nothing of this one, and they cannot use this one's link.
    const stranger = await signIn(await createUser());
    const theirs = await runExport(MY_EXPORTS, stranger.headers);
    expect(await theirs.file.text()).not.toContain(member.email);
    if (!job.download) throw new Error("no link");
    expect((await api(job.download.url, { headers: stranger.headers })).status).toBe(404);
    expect((await api(`${MY_EXPORTS}/${job.id}`, { headers: stranger.headers })).status).toBe(404);
  });
});

describe("DELETE /api/me", () => {
  it("refuses without the account's email typed", async () => {
    const { headers } = await signIn(await createUser());
    for (const [confirmEmail, message] of [
      [undefined, "Type your email address to confirm."],
      ["", "Type your email address to confirm."],
      ["someone-else@example.com", "That doesn't match the email address of this account."],
    ] as const) {
      const res = await deleteAccount(confirmEmail, headers);
      expect(res.status, String(confirmEmail)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect((await deleteAccount("x@example.com")).status).toBe(401);
  });

  it("removes every personal row, anonymises audit rows, deletes the subscription, signs out everywhere and confirms by email", async () => {
    const { member, session, other, sub, action } = await activeMember();
    const campaign = await createCampaign(action.id, [sub.id]);
    const res = await deleteAccount(`  ${member.email.toUpperCase()} `, session.headers);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(";")).toMatch(/__Host-earthkind_refresh=;/);

    const d = db();
    expect(await d.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await d.select().from(profiles).where(eq(profiles.userId, member.id))).toEqual([]);
    expect(await d.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(
      await d
        .select()
        .from(refreshTokens)
        .where(or(eq(refreshTokens.sessionId, session.sessionId), eq(refreshTokens.sessionId, other.sessionId))),
    ).toEqual([]);
    expect(await d.select().from(actionCompletions).where(eq(actionCompletions.userId, member.id))).toEqual([]);
    expect(await d.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, member.email))).toEqual([]);
    expect(await d.select().from(passwordThrottle).where(eq(passwordThrottle.email, member.email))).toEqual([]);
    expect(await d.select().from(profileAuditLog).where(eq(profileAuditLog.userId, member.id))).toEqual([]);

    // No audit row names the person any more; their rows now carry one stable pseudonym.
    const named = await d
      .select()
      .from(securityAuditLog)
      .where(
        sql`${securityAuditLog.userId} = ${member.id} OR ${securityAuditLog.newValues} LIKE ${`%${member.email}%`}`,
      );
    expect(named).toEqual([]);
    const ref = await deletedUserRef(member.id);
    const pseudonymous = await d.select().from(securityAuditLog).where(eq(securityAuditLog.userId, ref));
    expect(pseudonymous.map((r) => r.action)).toEqual(expect.arrayContaining(["auth_success", "account_deleted"]));
    expect(pseudonymous.find((r) => r.action === "auth_success")?.newValues).toMatchObject({ email: ref });

    // The same-email subscription is deleted as "delete my subscription data" does (decision 187): the
    // row goes, the ledger keeps its line without the address, and only the address's hash stays.
    expect(await d.select().from(subscribers).where(eq(subscribers.id, sub.id))).toEqual([]);
    expect(await d.select().from(subscribers).where(eq(subscribers.email, member.email))).toEqual([]);
    const [line] = await d.select().from(emailDeliveries).where(eq(emailDeliveries.subscriberId, sub.id));
    expect(line).toMatchObject({ campaignId: campaign.id, email: "deleted" });
    expect(await isDeletedAddress(d, member.email)).toBe(true);

    // Every session is over: both access tokens and both refresh cookies are refused.
    for (const s of [session, other]) {
      expect((await me.$get(undefined, { headers: s.headers })).status).toBe(401);
      expect((await client.api.auth.refresh.$post(undefined, { headers: cookieHeader(s.refreshToken) })).status).toBe(
        401,
      );
    }
    const mail = await latestOutboxMessage(member.email);
    expect(mail?.subject).toBe("Your Earthkind account has been deleted");
  });

  it("keeps the last admin from deleting themselves, and lets an admin go when another remains", async () => {
    const d = db();
    // Make this test the only admin world: demote every other admin for its duration.
    const others = await d.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.role, "admin"));
    await d.update(profiles).set({ role: "user", roleChangedBy: "test" }).where(eq(profiles.role, "admin"));
    try {
      const admin = await createUser({ role: "admin" });
      const { headers } = await signIn(admin);
      const res = await deleteAccount(admin.email, headers);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({
        code: "last_admin",
        message: "You are the only admin. Make another account an admin before deleting yours.",
      });
      expect(await d.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
      expect((await me.$get(undefined, { headers })).status).toBe(200);

      await createUser({ role: "admin" });
      expect((await deleteAccount(admin.email, headers)).status).toBe(200);
      expect(await d.select().from(users).where(eq(users.id, admin.id))).toEqual([]);
    } finally {
      for (const { userId } of others) {
        await d.update(profiles).set({ role: "admin", roleChangedBy: "test" }).where(eq(profiles.userId, userId));
      }
    }
  });
});
