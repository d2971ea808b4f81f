import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { REFRESH_COOKIE } from "../../worker/features/auth/cookies";
import { BOOKMARK_HEADER, sessionStart } from "../../worker/platform/d1-session";
import { adminHeaders, api, signIn } from "./helpers";
import { createAction, createUser } from "./support/factories";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The app over a binding that records where each request's D1 session started. */
async function sessionOf(path: string, init: RequestInit = {}) {
  const starts: (string | undefined)[] = [];
  const DB = new Proxy(env.DB, {
    get(target, key) {
      if (key === "withSession")
        return (start?: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const res = await createApp().fetch(
    new Request(`http://localhost${path}`, init),
    { ...env, DB },
    createExecutionContext(),
  );
  return { res, starts };
}

describe("D1 read replication: one session per request (decision 188)", () => {
  it("decides the start: a bookmark sent back, else anonymous reads anywhere, else the primary", () => {
    const h = (init: Record<string, string> = {}) => new Headers(init);
    const bookmark = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";
    expect(sessionStart("GET", h(), false)).toBe("first-unconstrained");
    expect(sessionStart("HEAD", h(), false)).toBe("first-unconstrained");
    expect(sessionStart("POST", h(), false)).toBe("first-primary");
    expect(sessionStart("GET", h({ Authorization: "Bearer x" }), false)).toBe("first-primary");
    expect(sessionStart("GET", h(), true)).toBe("first-primary");
    expect(sessionStart("GET", h({ [BOOKMARK_HEADER]: bookmark }), false)).toBe(bookmark);
    expect(sessionStart("POST", h({ [BOOKMARK_HEADER]: ` ${bookmark} ` }), true)).toBe(bookmark);
  });

  it("serves anonymous public reads and pages from any replica, without a bookmark", async () => {
    for (const path of ["/api/actions/current", "/api/impact", "/api/tips/current", "/api/petitions"]) {
      const { res, starts } = await sessionOf(path);
      expect(res.status, path).toBe(200);
      expect(starts, path).toEqual(["first-unconstrained"]);
      expect(res.headers.get(BOOKMARK_HEADER), path).toBe(null);
    }
    // A page reads through the API in process (decision 206): its request and each of its reads, all unconstrained.
    const page = await sessionOf("/actions");
    expect(page.res.status).toBe(200);
    expect(page.starts.length).toBeGreaterThan(1);
    expect(new Set(page.starts)).toEqual(new Set(["first-unconstrained"]));
    expect(page.res.headers.get(BOOKMARK_HEADER)).toBe(null);
  });

  it("starts signed-in page renders and admin routes on the primary, and answers with the bookmark", async () => {
    // The page and every read it makes through the API in process: the reader's own writes are never missed.
    const page = await sessionOf("/actions", { headers: { Cookie: `${REFRESH_COOKIE}=whatever` } });
    expect(page.starts.length).toBeGreaterThan(1);
    expect(new Set(page.starts)).toEqual(new Set(["first-primary"]));

    const admin = await sessionOf("/api/admin/actions", { headers: await adminHeaders() });
    expect(admin.res.status).toBe(200);
    expect(admin.starts).toEqual(["first-primary"]);
    expect(admin.res.headers.get(BOOKMARK_HEADER)).toMatch(BOOKMARK);
  });

  it("gives a member's write a bookmark, and a read sent with it sees the write", async () => {
    const { headers } = await signIn(await createUser());
    const action = await createAction();
    const write = await api(`/api/me/completions/${action.id}`, {
      method: "PUT",
      headers,
      json: { notes: "Read my own writes" },
    });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(BOOKMARK);
    // Through worker/index.ts: the limit checker wraps the binding, and the session it hands out is checked too.
    expect(Number(write.headers.get("X-D1-Queries"))).toBeGreaterThan(0);

    const { res, starts } = await sessionOf(`/api/me/completions/${action.id}`, {
      headers: { ...headers, [BOOKMARK_HEADER]: bookmark ?? "" },
    });
    expect(starts).toEqual([bookmark]);
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown).toMatchObject({ completion: { notes: "Read my own writes" } });
    // The answer's bookmark is at least as new as the one sent (bookmarks sort by age).
    expect((res.headers.get(BOOKMARK_HEADER) ?? "") >= (bookmark ?? "")).toBe(true);
  });

  it("takes an anonymous visitor's bookmark too, and keeps answering with the newest", async () => {
    const first = await api("/api/admin/actions", { headers: await adminHeaders() });
    const bookmark = first.headers.get(BOOKMARK_HEADER) ?? "";
    const { res, starts } = await sessionOf("/api/actions/current", { headers: { [BOOKMARK_HEADER]: bookmark } });
    expect(res.status).toBe(200);
    expect(starts).toEqual([bookmark]);
    expect(res.headers.get(BOOKMARK_HEADER)).toMatch(BOOKMARK);
  });

  // Local D1 takes any string as a bookmark and echoes it back from getBookmark(), so the shape is checked here.
  it("refuses a malformed bookmark with a 400, before any query", async () => {
    for (const bad of ["garbage", "first-primary", "00000085-0000024c-00004c6d", `${"0".repeat(8)}-x`]) {
      const { res, starts } = await sessionOf("/api/actions/current", { headers: { [BOOKMARK_HEADER]: bad } });
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "invalid_bookmark", message: "Invalid X-D1-Bookmark header" },
      });
      expect(starts).toEqual([]);
    }
  });
});
