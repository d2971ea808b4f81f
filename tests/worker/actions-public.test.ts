import { describe, expect, it } from "vitest";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import {
  findCurrentAction,
  findPublishedBySlug,
  listPastActions,
  listPastActionsPage,
} from "../../worker/features/actions/service";
import { adminHeaders, api, config, db, memberHeaders } from "./helpers";
import { createAction } from "./support/factories";

const LA = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);
const current = (iso: string) => findCurrentAction(db(), LA, at(iso));

// Far-future years keep these rows apart from rows other tests create around today: at these
// instants, anything dated near today is in the past and loses to the actions below.
describe("current action by SITE_TIMEZONE calendar day (service, injected clock)", () => {
  it("switches at local midnight on the spring-forward week (2041-03-10)", async () => {
    const x = await createAction({ startDate: "2041-03-03", endDate: "2041-03-09" });
    const y = await createAction({ startDate: "2041-03-10", endDate: "2041-03-16" });

    // Start day inclusive: 2041-03-03 00:00 PST is 08:00Z.
    expect((await current("2041-03-03T07:59:00Z"))?.id).not.toBe(x.id);
    expect((await current("2041-03-03T08:00:00Z"))?.id).toBe(x.id);
    // End day inclusive, then the next action takes over at midnight (still PST).
    expect(await current("2041-03-10T07:59:00Z")).toMatchObject({ id: x.id, timing: "current" });
    expect(await current("2041-03-10T08:00:00Z")).toMatchObject({ id: y.id, timing: "current" });
    // After the change the day ends at 07:00Z (PDT); a fixed -8 h offset would still say "current".
    expect(await current("2041-03-17T06:59:00Z")).toMatchObject({ id: y.id, timing: "current" });
    // Nothing current any more: the most recent past action is answered instead.
    expect(await current("2041-03-17T07:00:00Z")).toMatchObject({ id: y.id, timing: "past" });
  });

  it("switches at local midnight on the fall-back day (2042-11-02)", async () => {
    const w = await createAction({ startDate: "2042-10-26", endDate: "2042-11-01" });
    const z = await createAction({ startDate: "2042-11-02", endDate: "2042-11-08" });

    // Midnight of the change day is still PDT (07:00Z); a fixed -8 h offset would say Nov 1.
    expect((await current("2042-11-02T06:59:00Z"))?.id).toBe(w.id);
    expect((await current("2042-11-02T07:00:00Z"))?.id).toBe(z.id);
    // A week later the day ends at 08:00Z (PST).
    expect((await current("2042-11-09T07:59:00Z"))?.id).toBe(z.id);
    expect(await current("2042-11-09T08:00:00Z")).toMatchObject({ id: z.id, timing: "past" });
  });

  it("ignores drafts and prefers the latest-starting current action", async () => {
    const a = await createAction({ startDate: "2043-06-01", endDate: "2043-06-30" });
    const b = await createAction({ startDate: "2043-06-10", endDate: "2043-06-16" });
    await createAction({ startDate: "2043-06-12", endDate: "2043-06-18", status: "draft", publishedAt: null });
    expect((await current("2043-06-13T12:00:00Z"))?.id).toBe(b.id);
    expect((await current("2043-06-20T12:00:00Z"))?.id).toBe(a.id);
  });
});

describe("archive and slug reads (service, injected clock)", () => {
  it("lists only past published actions, newest first, bounded by the limit", async () => {
    const old = await createAction({ startDate: "2044-01-01", endDate: "2044-01-07" });
    const newer = await createAction({ startDate: "2044-01-08", endDate: "2044-01-14" });
    const ongoing = await createAction({ startDate: "2044-01-15", endDate: "2044-01-21" });
    const draft = await createAction({ startDate: "2044-01-02", endDate: "2044-01-03", status: "draft" });

    // 2044-01-15 in LA: "newer" ended yesterday, "ongoing" is current.
    const past = await listPastActions(db(), LA, at("2044-01-15T20:00:00Z"), 10);
    const ids = past.map((a) => a.id);
    expect(ids.slice(0, 2)).toEqual([newer.id, old.id]);
    expect(ids).not.toContain(ongoing.id);
    expect(ids).not.toContain(draft.id);
    expect(past.every((a) => a.timing === "past")).toBe(true);

    const one = await listPastActions(db(), LA, at("2044-01-15T20:00:00Z"), 1);
    expect(one.map((a) => a.id)).toEqual([newer.id]);
  });

  it("pages through older actions by cursor, with no repeats or gaps while actions are added between pages", async () => {
    // Weeks of 2046: newer than any other test's rows, so this walk's first pages are these actions.
    const week = (i: number) => addDays("2046-06-01", -7 * i);
    const original: string[] = [];
    for (let i = 0; i < 23; i++) {
      original.push((await createAction({ startDate: week(i), endDate: addDays(week(i), 6) })).id);
    }
    // Two actions of the same week: the creation time, then the id, keep their order total.
    original.push((await createAction({ startDate: week(5), endDate: addDays(week(5), 6) })).id);
    const now = at("2046-06-20T20:00:00Z");
    const added: { newer?: string; older?: string } = {};
    const seen: { id: string; start_date: string | null }[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await listPastActionsPage(db(), LA, now, 10, cursor);
      seen.push(...result.actions);
      if (page === 0) {
        // Between pages: one newer than everything shown (the top of the archive) and one older than the cursor.
        added.newer = (await createAction({ startDate: "2046-06-08", endDate: "2046-06-14" })).id;
        added.older = (await createAction({ startDate: week(20), endDate: addDays(week(20), 6) })).id;
      }
      cursor = result.next_cursor ?? undefined;
      if (!cursor) break;
      expect(result.actions).toHaveLength(10);
    }
    expect(cursor).toBeUndefined();
    const ids = seen.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const starts = seen.map((a) => a.start_date ?? "");
    expect(starts).toEqual([...starts].sort().reverse());
    // Every one of this test's actions, the older addition in its place, the newer one not repeated above.
    const mine = ids.filter((id) => original.includes(id) || id === added.older);
    expect(mine).toHaveLength(original.length + 1);
    expect(ids).not.toContain(added.newer);
    expect(ids.slice(0, 5)).toEqual(original.slice(0, 5));
    expect(ids.slice(0, 10).every((id) => original.includes(id))).toBe(true);
  });

  it("finds published actions by slug with their timing; drafts are not public", async () => {
    const pub = await createAction({ startDate: "2045-02-01", endDate: "2045-02-07" });
    const draft = await createAction({ startDate: "2045-02-01", endDate: "2045-02-07", status: "draft" });
    expect(await findPublishedBySlug(db(), LA, at("2045-02-07T12:00:00Z"), pub.slug)).toMatchObject({
      id: pub.id,
      timing: "current",
    });
    expect((await findPublishedBySlug(db(), LA, at("2045-02-08T09:00:00Z"), pub.slug))?.timing).toBe("past");
    expect((await findPublishedBySlug(db(), LA, at("2045-01-31T12:00:00Z"), pub.slug))?.timing).toBe("upcoming");
    expect(await findPublishedBySlug(db(), LA, at("2045-02-03T12:00:00Z"), draft.slug)).toBeNull();
  });
});

describe("public action endpoints", () => {
  const today = () => dayInZone(new Date(), config().SITE_TIMEZONE);

  it("GET /api/actions/current answers today's published action", async () => {
    const mine = await createAction({ startDate: today(), endDate: addDays(today(), 6) });
    await createAction({ startDate: today(), endDate: addDays(today(), 6), status: "draft" });
    const res = await api("/api/actions/current");
    expect(res.status).toBe(200);
    const { action } = (await res.json()) as { action: Record<string, unknown> };
    expect(action).toMatchObject({
      id: mine.id,
      slug: mine.slug,
      timing: "current",
      steps: ["Pick a spot", "Plant seeds"],
      materials: ["Seeds"],
      links: [{ label: "Guide", url: "https://example.org/guide" }],
      cta_label: "Do This Week's Action",
    });
    expect(action).not.toHaveProperty("status");
    expect(action).not.toHaveProperty("send_on_publish");
  });

  it("GET /api/actions is the bounded archive of past published actions", async () => {
    for (let i = 0; i < 12; i++) {
      const start = addDays(today(), -30 - 7 * i);
      await createAction({ startDate: start, endDate: addDays(start, 6) });
    }
    const res = await api("/api/actions?limit=50");
    expect(res.status).toBe(200);
    const { actions } = (await res.json()) as { actions: { start_date: string; end_date: string }[] };
    expect(actions).toHaveLength(10);
    expect(actions.every((a) => a.end_date < today())).toBe(true);
    const starts = actions.map((a) => a.start_date);
    expect(starts).toEqual([...starts].sort().reverse());

    const three = (await (await api("/api/actions?limit=3")).json()) as { actions: unknown[] };
    expect(three.actions).toHaveLength(3);
  });

  it("GET /api/actions?cursor= answers the next older page, and 400 for a cursor that is not one", async () => {
    for (let i = 0; i < 4; i++) {
      const start = addDays(today(), -400 - 7 * i);
      await createAction({ startDate: start, endDate: addDays(start, 6) });
    }
    type Page = { actions: { id: string; start_date: string }[]; next_cursor: string | null };
    const first = (await (await api("/api/actions?limit=3")).json()) as Page;
    expect(first.actions).toHaveLength(3);
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = (await (await api(`/api/actions?limit=3&cursor=${first.next_cursor}`)).json()) as Page;
    expect(second.actions.length).toBeGreaterThan(0);
    expect(second.actions.map((a) => a.id).filter((id) => first.actions.some((a) => a.id === id))).toEqual([]);
    expect(
      (second.actions[0] as { start_date: string }).start_date <=
        (first.actions[2] as { start_date: string }).start_date,
    ).toBe(true);

    for (const cursor of ["nope", btoa(JSON.stringify([1, "2020-01-01"])), "x".repeat(301)]) {
      const res = await api(`/api/actions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Invalid cursor.");
    }
  });

  it("GET /api/actions/:slug answers 404 'Action not found' for unknown and draft slugs", async () => {
    const draft = await createAction({ status: "draft", startDate: today(), endDate: today() });
    for (const slug of ["no-such-action", draft.slug]) {
      const res = await api(`/api/actions/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Action not found" } });
    }
    const pub = await createAction({ startDate: today(), endDate: today() });
    const ok = await api(`/api/actions/${pub.slug}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { action: { id: string } }).action.id).toBe(pub.id);
  });
});

describe("preview read (GET /api/admin/actions/:id)", () => {
  it("is admin-only and returns drafts", async () => {
    const draft = await createAction({ status: "draft", publishedAt: null });
    expect((await api(`/api/admin/actions/${draft.id}`)).status).toBe(401);
    expect((await api(`/api/admin/actions/${draft.id}`, { headers: await memberHeaders() })).status).toBe(403);
    const res = await api(`/api/admin/actions/${draft.id}`, { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { action: unknown }).action).toMatchObject({ id: draft.id, status: "draft" });
    const missing = await api("/api/admin/actions/does-not-exist", { headers: await adminHeaders() });
    expect(missing.status).toBe(404);
  });
});
