import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthClient, type AuthEvent, type Session } from "../../web/lib/auth/auth-client";
import { useAuth } from "../../web/lib/auth/auth-provider";

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function session(role: "user" | "admin" = "user", expiresIn = 900): Session {
  const exp = Math.floor(Date.now() / 1000) + expiresIn;
  return {
    access_token: `${b64url({ alg: "HS256" })}.${b64url({ role, exp })}.sig`,
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: exp,
    user: { id: "u1", email: "ada@example.com" },
  };
}

type Route = (
  init: RequestInit | undefined,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Stubs the network (the web client's boundary) with one handler per API path. */
function stubApi(routes: Record<string, Route>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      const handler = routes[url];
      if (!handler)
        return new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), { status: 404 });
      const { status, body } = await handler(init);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

function record(client: AuthClient) {
  const events: [AuthEvent, string | null][] = [];
  client.onAuthStateChange((event, s) => events.push([event, s?.user.email ?? null]));
  return events;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Probe() {
  useAuth();
  return null;
}

describe("useAuth", () => {
  it("throws outside the provider", () => {
    expect(() => renderToString(createElement(Probe))).toThrow("useAuth must be used within an AuthProvider");
  });
});

describe("AuthClient", () => {
  it("is loading until INITIAL_SESSION, which carries no session for a visitor", async () => {
    stubApi({ "/api/auth/refresh": () => ({ status: 200, body: { session: null } }) });
    const client = new AuthClient();
    const events = record(client);
    expect(client.getState().loading).toBe(true);
    await client.start();
    expect(client.getState()).toEqual({ session: null, role: null, loading: false });
    expect(events).toEqual([["INITIAL_SESSION", null]]);
  });

  it("retries a server fault on page load once before showing the visitor as signed out", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    stubApi({
      "/api/auth/refresh": () =>
        ++attempts === 1
          ? { status: 500, body: { error: { code: "internal_error", message: "Something went wrong." } } }
          : { status: 200, body: { session: session() } },
    });
    const client = new AuthClient();
    const events = record(client);
    const started = client.start();
    await vi.advanceTimersByTimeAsync(1000);
    await started;
    expect(attempts).toBe(2);
    expect(events).toEqual([["INITIAL_SESSION", "ada@example.com"]]);
  });

  it("restores the session from the refresh cookie and reads the role from the token", async () => {
    stubApi({ "/api/auth/refresh": () => ({ status: 200, body: { session: session("admin") } }) });
    const client = new AuthClient();
    const events = record(client);
    await client.start();
    expect(client.getState().role).toBe("admin");
    expect(events).toEqual([["INITIAL_SESSION", "ada@example.com"]]);
  });

  it("shares one refresh between parallel callers when the token is about to expire", async () => {
    let refreshes = 0;
    const calls = stubApi({
      "/api/auth/refresh": () => {
        refreshes++;
        return { status: 200, body: { session: session("user", refreshes === 1 ? 30 : 900) } };
      },
    });
    const client = new AuthClient();
    await client.start();
    const events = record(client);
    const tokens = await Promise.all([client.getAccessToken(), client.getAccessToken(), client.getAccessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(calls.filter((c) => c === "/api/auth/refresh")).toHaveLength(2);
    expect(events).toEqual([["TOKEN_REFRESHED", "ada@example.com"]]);
  });

  it("signs out when the server refuses the refresh token", async () => {
    let first = true;
    stubApi({
      "/api/auth/refresh": () => {
        if (first) {
          first = false;
          return { status: 200, body: { session: session() } };
        }
        return { status: 401, body: { error: { code: "unauthorized", message: "Your session has ended." } } };
      },
    });
    const client = new AuthClient();
    await client.start();
    const events = record(client);
    expect(await client.getAccessToken({ refresh: true })).toBeNull();
    expect(events).toEqual([["SIGNED_OUT", null]]);
  });

  it("keeps a sign-in that finishes while the initial session read is still in flight", async () => {
    let releaseRefresh: () => void = () => {};
    stubApi({
      "/api/auth/refresh": () =>
        new Promise((resolve) => {
          releaseRefresh = () => resolve({ status: 200, body: { session: null } });
        }),
      "/api/auth/verify": () => ({ status: 200, body: { session: session(), redirect_to: null } }),
    });
    const client = new AuthClient();
    const events = record(client);
    void client.start();
    const verified = client.verifyMagicLink("token");
    await Promise.resolve();
    releaseRefresh();
    await verified;
    expect(client.getState().session?.user.email).toBe("ada@example.com");
    expect(events).toEqual([
      ["INITIAL_SESSION", null],
      ["SIGNED_IN", "ada@example.com"],
    ]);
  });

  it("emits SIGNED_OUT on sign-out even if the request fails, and USER_UPDATED after a password change", async () => {
    stubApi({
      "/api/auth/refresh": () => ({ status: 200, body: { session: session() } }),
      "/api/me/password": () => ({ status: 200, body: { user: {}, profile: { role: "user" } } }),
      "/api/auth/sign-out": () => ({ status: 500, body: { error: { code: "internal_error", message: "x" } } }),
    });
    const client = new AuthClient();
    await client.start();
    const events = record(client);
    await client.updatePassword("a long new password");
    await client.signOut();
    expect(events).toEqual([
      ["USER_UPDATED", "ada@example.com"],
      ["SIGNED_OUT", null],
    ]);
  });
});
