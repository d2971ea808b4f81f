import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_IDLE_DAYS } from "../../worker/features/auth/sessions";
import { signIn } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createUser } from "./support/factories";

const sessionsApi = client.api.me.sessions;
const list = (headers: Record<string, string>) => ok(sessionsApi.$get(undefined, { headers }));

describe("a member's sessions", () => {
  it("lists the live sessions with method, browser and the caller's own marked current", async () => {
    const user = await createUser();
    const other = await signIn(user, { method: "password" });
    await env.DB.prepare("UPDATE sessions SET browser = 'Firefox' WHERE id = ?").bind(other.sessionId).run();
    const ended = await signIn(user);
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), ended.sessionId)
      .run();
    const idle = await signIn(user);
    await env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - (SESSION_IDLE_DAYS + 1) * 86_400_000).toISOString(), idle.sessionId)
      .run();
    const mine = await signIn(user);
    const someoneElse = await signIn(await createUser());

    const body = await list(mine.headers);
    const ids = body.sessions.map((s) => s.id);
    expect(ids.sort()).toEqual([other.sessionId, mine.sessionId].sort());
    expect(ids).not.toContain(someoneElse.sessionId);
    const current = body.sessions.find((s) => s.current);
    expect(current?.id).toBe(mine.sessionId);
    expect(current?.method).toBe("magic_link");
    const first = body.sessions.find((s) => s.id === other.sessionId);
    expect(first).toMatchObject({ method: "password", browser: "Firefox", current: false });
    expect(Date.parse(first?.created_at ?? "")).toBeGreaterThan(0);
    expect(Date.parse(first?.last_used_at ?? "")).toBeGreaterThan(0);
  });

  it("ends one session at once, and answers 404 for another member's or an unknown one", async () => {
    const user = await createUser();
    const other = await signIn(user);
    const mine = await signIn(user);
    const stranger = await signIn(await createUser());

    const foreign = await sessionsApi[":id"].$delete({ param: { id: stranger.sessionId } }, { headers: mine.headers });
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe("Session not found");
    expect(
      (await sessionsApi[":id"].$delete({ param: { id: "no-such-session" } }, { headers: mine.headers })).status,
    ).toBe(404);
    expect((await client.api.me.$get(undefined, { headers: stranger.headers })).status).toBe(200);

    expect(await ok(sessionsApi[":id"].$delete({ param: { id: other.sessionId } }, { headers: mine.headers }))).toEqual(
      {
        ended: true,
      },
    );
    expect((await client.api.me.$get(undefined, { headers: other.headers })).status).toBe(401);
    // Ending it twice is a 404: it is no longer live.
    expect(
      (await sessionsApi[":id"].$delete({ param: { id: other.sessionId } }, { headers: mine.headers })).status,
    ).toBe(404);
  });

  it("signs out everywhere else, keeping the caller's session", async () => {
    const user = await createUser();
    const a = await signIn(user);
    const b = await signIn(user);
    const mine = await signIn(user);
    expect(await ok(sessionsApi["end-others"].$post(undefined, { headers: mine.headers }))).toEqual({ ended: 2 });
    for (const s of [a, b]) expect((await client.api.me.$get(undefined, { headers: s.headers })).status).toBe(401);
    const audit = await env.DB.prepare(
      "SELECT json_extract(new_values, '$.reason') AS reason, json_array_length(new_values, '$.sessions') AS n FROM security_audit_log WHERE action = 'sign_out' AND user_id = ?",
    )
      .bind(user.id)
      .first<{ reason: string; n: number }>();
    expect(audit).toEqual({ reason: "ended_by_owner", n: 2 });
    const body = await list(mine.headers);
    expect(body.sessions.map((s) => s.id)).toEqual([mine.sessionId]);
  });

  it("requires sign-in", async () => {
    expect((await sessionsApi.$get()).status).toBe(401);
    expect((await sessionsApi["end-others"].$post()).status).toBe(401);
  });
});
