import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { weeklyActions } from "../../db/schema";
import { comingSunday, quickSetup, quickSetupWeeks } from "../../worker/features/actions/admin-service";
import { addDays, dayInZone } from "../../worker/platform/zoned-time";
import { adminHeaders, api, config, db, memberHeaders } from "./helpers";
import { actionBody, createAction } from "./support/factories";

type Json = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Json;
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function post(path: string, json: unknown, headers: HeadersInit) {
  return api(path, { method: "POST", json, headers });
}

describe("admin actions: guard", () => {
  it("answers 401 signed out and 403 for members on every admin action route", async () => {
    const member = await memberHeaders();
    for (const [method, path] of [
      ["GET", "/api/admin/actions"],
      ["POST", "/api/admin/actions"],
      ["POST", "/api/admin/actions/quick-setup"],
      ["DELETE", "/api/admin/actions/x"],
    ] as const) {
      expect((await api(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await api(path, { method, headers: member })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe("admin actions: create and validation", () => {
  it("creates a draft, dropping blank steps, materials and links", async () => {
    const headers = await adminHeaders();
    const input = actionBody();
    const res = await post("/api/admin/actions", input, headers);
    expect(res.status).toBe(201);
    const { action } = (await body(res)) as { action: Json };
    expect(action).toMatchObject({
      title: input.title,
      slug: input.slug,
      status: "draft",
      published_at: null,
      steps: ["First", "Second"],
      materials: ["Gloves"],
      // Stored normalised (new URL(v).href), so a bare origin gains its "/".
      links: [{ label: "Guide", url: "https://example.org/" }],
      image_url: null,
      cta_label: "Do This Week's Action",
      cta_url: null,
      schedule_send: true,
      send_on_publish: false,
    });
  });

  it.each([
    [{ title: "   " }, "Title is required"],
    [{ summary: "x".repeat(221) }, "Summary must be 220 characters or less"],
    [{ start_date: "2031-05-11", end_date: "2031-05-10" }, "Start date must be before end date"],
    [{ links: [{ label: "Guide", url: "" }] }, "Each link needs both a label and a URL"],
    [{ links: [{ label: "", url: "https://example.org" }] }, "Each link needs both a label and a URL"],
    [{ slug: "Not A Slug" }, "Slug can only contain lowercase letters, numbers and hyphens"],
    [{ status: "published", start_date: "" }, "Start and end dates are required to publish"],
    [{ slug: "current" }, "This slug is reserved. Choose another."],
    [{ image_url: "javascript:alert(1)" }, "Image URL must start with https:// or be an uploaded image"],
  ])("rejects %j with 400 and the spec's message", async (overrides, expected) => {
    const res = await post("/api/admin/actions", actionBody(overrides), await adminHeaders());
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(expected);
  });

  it("accepts a 220-character summary and equal start and end dates", async () => {
    const res = await post(
      "/api/admin/actions",
      actionBody({ summary: "y".repeat(220), start_date: "2031-05-10", end_date: "2031-05-10" }),
      await adminHeaders(),
    );
    expect(res.status).toBe(201);
  });

  it("answers 409 when the slug is taken, on create and on update", async () => {
    const headers = await adminHeaders();
    const taken = await createAction();
    const res = await post("/api/admin/actions", actionBody({ slug: taken.slug }), headers);
    expect(res.status).toBe(409);
    expect(await body(res)).toEqual({
      error: { code: "slug_conflict", message: "This slug is already used by another action" },
    });

    const other = await createAction({ status: "draft" });
    const upd = await api(`/api/admin/actions/${other.id}`, {
      method: "PUT",
      json: actionBody({ slug: taken.slug }),
      headers,
    });
    expect(upd.status).toBe(409);
  });
});

describe("admin actions: update, publish, delete", () => {
  it("keeps the status when none is sent, publishes with published_at, and moves back to draft", async () => {
    const headers = await adminHeaders();
    const created = (await body(await post("/api/admin/actions", actionBody(), headers))) as { action: Json };
    const id = created.action.id as string;
    const input = actionBody({ slug: created.action.slug, title: "Renamed" });

    const saved = (await body(await api(`/api/admin/actions/${id}`, { method: "PUT", json: input, headers }))) as {
      action: Json;
    };
    expect(saved.action).toMatchObject({ title: "Renamed", status: "draft" });

    const published = await api(`/api/admin/actions/${id}`, {
      method: "PUT",
      json: { ...input, status: "published" },
      headers,
    });
    const pub = ((await body(published)) as { action: Json }).action;
    expect(pub.status).toBe("published");
    expect(typeof pub.published_at).toBe("string");

    // Saving again without a status leaves it published ('Save Draft' only saves).
    const again = await api(`/api/admin/actions/${id}`, { method: "PUT", json: input, headers });
    expect(((await body(again)) as { action: Json }).action).toMatchObject({
      status: "published",
      published_at: pub.published_at,
    });

    const unpublished = await api(`/api/admin/actions/${id}`, {
      method: "PUT",
      json: { ...input, status: "draft" },
      headers,
    });
    expect(((await body(unpublished)) as { action: Json }).action).toMatchObject({
      status: "draft",
      published_at: null,
    });
  });

  it("POST /:id/publish publishes an action with dates and refuses one without", async () => {
    const headers = await adminHeaders();
    const dated = await createAction({
      status: "draft",
      publishedAt: null,
      startDate: "2031-01-01",
      endDate: "2031-01-07",
    });
    const res = await post(`/api/admin/actions/${dated.id}/publish`, {}, headers);
    expect(res.status).toBe(200);
    expect(((await body(res)) as { action: Json }).action.status).toBe("published");

    const undated = await createAction({ status: "draft", publishedAt: null, startDate: null, endDate: null });
    const bad = await post(`/api/admin/actions/${undated.id}/publish`, {}, headers);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("Start and end dates are required to publish");
  });

  it("deletes an action; a second delete is 404", async () => {
    const headers = await adminHeaders();
    const row = await createAction();
    const res = await api(`/api/admin/actions/${row.id}`, { method: "DELETE", headers });
    expect(res.status).toBe(200);
    expect((await api(`/api/admin/actions/${row.id}`, { headers })).status).toBe(404);
    expect((await api(`/api/admin/actions/${row.id}`, { method: "DELETE", headers })).status).toBe(404);
  });
});

describe("admin actions: list", () => {
  it("searches title and slug, newest start first, and the test dialog's recent sort", async () => {
    const headers = await adminHeaders();
    const tag = `zebra${Date.now()}`;
    const a = await createAction({ title: `Old ${tag}`, startDate: "2030-01-01", endDate: "2030-01-07" });
    const b = await createAction({ title: `New ${tag}`, startDate: "2030-02-01", endDate: "2030-02-07" });
    const c = await createAction({ slug: `${tag}-slug`, startDate: null, endDate: null, status: "draft" });
    const res = await api(`/api/admin/actions?search=${tag}`, { headers });
    const { actions } = (await body(res)) as { actions: Json[] };
    expect(actions.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect(Object.keys(actions[0] ?? {}).sort()).toEqual(
      ["created_at", "end_date", "id", "slug", "start_date", "status", "title", "updated_at"].sort(),
    );

    const recent = await api("/api/admin/actions?sort=created&limit=20", { headers });
    const list = ((await body(recent)) as { actions: Json[] }).actions;
    expect(list.length).toBeLessThanOrEqual(20);
    // Other test files may add actions to the shared database meanwhile: check the order of ours.
    const ours = new Set([a.id, b.id, c.id]);
    expect(list.filter((x) => ours.has(x.id as string)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);

    // LIKE wildcards in the search are literal.
    const none = await api("/api/admin/actions?search=%25%25nothing_", { headers });
    expect(((await body(none)) as { actions: Json[] }).actions).toEqual([]);
  });
});

describe("admin actions: duplicate", () => {
  it("copies with ' (Copy)', a '-copy-<timestamp>' slug, empty dates and draft status", async () => {
    const headers = await adminHeaders();
    const src = await createAction({
      title: "Clean a creek",
      startDate: "2031-07-01",
      endDate: "2031-07-07",
      sentAt: "2031-07-01T16:00:00Z",
    });
    const before = Date.now();
    const res = await post(`/api/admin/actions/${src.id}/duplicate`, {}, headers);
    expect(res.status).toBe(201);
    const { action } = (await body(res)) as { action: Json };
    expect(action).toMatchObject({
      title: "Clean a creek (Copy)",
      start_date: null,
      end_date: null,
      status: "draft",
      published_at: null,
      sent_at: null,
      steps: src.steps,
      summary: src.summary,
    });
    expect(action.id).not.toBe(src.id);
    const match = new RegExp(`^${src.slug}-copy-(\\d+)$`).exec(action.slug as string);
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);
  });
});

describe("admin actions: quick setup", () => {
  it("starts on the coming Sunday; on a Sunday that is next week's", () => {
    expect(comingSunday("2026-11-18")).toBe("2026-11-22"); // Wednesday
    expect(comingSunday("2026-11-21")).toBe("2026-11-22"); // Saturday
    expect(comingSunday("2026-11-22")).toBe("2026-11-29"); // Sunday
    expect(quickSetupWeeks("2026-12-30")).toEqual([
      { start: "2027-01-03", end: "2027-01-09" },
      { start: "2027-01-10", end: "2027-01-16" },
      { start: "2027-01-17", end: "2027-01-23" },
    ]);
  });

  it("uses the SITE_TIMEZONE day: Saturday evening in LA is already Sunday in UTC", async () => {
    // 2046-03-03 is a Saturday; 03:00Z on the 4th is still Saturday 19:00 PST.
    const { created } = await quickSetup({
      db: db(),
      timeZone: "America/Los_Angeles",
      now: new Date("2046-03-04T03:00:00Z"),
    });
    expect(created.map((a) => [a.slug, a.start_date, a.end_date])).toEqual([
      ["weekly-action-2046-03-04", "2046-03-04", "2046-03-10"],
      ["weekly-action-2046-03-11", "2046-03-11", "2046-03-17"],
      ["weekly-action-2046-03-18", "2046-03-18", "2046-03-24"],
    ]);
    expect(created[0]).toMatchObject({
      time_required: "30 minutes",
      schedule_send: true,
      send_on_publish: false,
      status: "draft",
    });
  });

  it("creates three drafts once; a repeated request creates nothing more", async () => {
    const headers = await adminHeaders();
    const [first, second] = await Promise.all([
      post("/api/admin/actions/quick-setup", {}, headers),
      post("/api/admin/actions/quick-setup", {}, headers),
    ]);
    const again = await post("/api/admin/actions/quick-setup", {}, headers);
    expect(again.status).toBe(200);
    expect(await body(again)).toEqual({ actions: [], skipped: 3 });

    const weeks = quickSetupWeeks(dayInZone(new Date(), config().SITE_TIMEZONE));
    const slugs = weeks.map((w) => `weekly-action-${w.start}`);
    const rows = await db().select().from(weeklyActions).where(inArray(weeklyActions.slug, slugs));
    expect(rows).toHaveLength(3);
    const createdCount = [first, second].reduce(async (acc, r) => {
      const n = ((await r.clone().json()) as { actions: unknown[] }).actions.length;
      return (await acc) + n;
    }, Promise.resolve(0));
    expect(await createdCount).toBe(3);
    for (const w of weeks) expect(addDays(w.start, 6)).toBe(w.end);
  });
});
