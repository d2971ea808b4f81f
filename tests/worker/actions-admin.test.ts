import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ActionInput } from "#contract/actions/schemas";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { weeklyActions } from "../../db/schema";
import { comingSunday, quickSetup, quickSetupWeeks } from "../../worker/features/actions/admin-service";
import { adminHeaders, api, config, db, memberHeaders } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { actionBody, createAction } from "./support/factories";

type Headers = Record<string, string>;
const actions = client.api.admin.actions;
const create = (json: ActionInput, headers: Headers) => actions.$post({ json }, { headers });
const update = (id: string, json: ActionInput, headers: Headers) =>
  actions[":id"].$put({ param: { id }, json }, { headers });
const message = async (res: Parameters<typeof errorOf>[0]) => (await errorOf(res)).message;

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
    const { action } = await ok(create(input, headers), 201);
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
    const res = await create(actionBody(overrides as Partial<ActionInput>), await adminHeaders());
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(expected);
  });

  it("accepts a 220-character summary and equal start and end dates", async () => {
    const res = await create(
      actionBody({ summary: "y".repeat(220), start_date: "2031-05-10", end_date: "2031-05-10" }),
      await adminHeaders(),
    );
    expect(res.status).toBe(201);
  });

  it("answers 409 when the slug is taken, on create and on update", async () => {
    const headers = await adminHeaders();
    const taken = await createAction();
    const res = await create(actionBody({ slug: taken.slug }), headers);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "slug_conflict",
      message: "This slug is already used by another action",
    });

    const other = await createAction({ status: "draft" });
    expect((await update(other.id, actionBody({ slug: taken.slug }), headers)).status).toBe(409);
  });
});

describe("admin actions: update, publish, delete", () => {
  it("keeps the status when none is sent, publishes with published_at, and moves back to draft", async () => {
    const headers = await adminHeaders();
    const created = (await ok(create(actionBody(), headers), 201)).action;
    const id = created.id;
    const input = actionBody({ slug: created.slug, title: "Renamed" });

    const saved = await ok(update(id, input, headers));
    expect(saved.action).toMatchObject({ title: "Renamed", status: "draft" });

    const pub = (await ok(update(id, { ...input, status: "published" }, headers))).action;
    expect(pub.status).toBe("published");
    expect(typeof pub.published_at).toBe("string");

    // Saving again without a status leaves it published ('Save Draft' only saves).
    expect((await ok(update(id, input, headers))).action).toMatchObject({
      status: "published",
      published_at: pub.published_at,
    });

    expect((await ok(update(id, { ...input, status: "draft" }, headers))).action).toMatchObject({
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
    const publish = (id: string) => actions[":id"].publish.$post({ param: { id } }, { headers });
    expect((await ok(publish(dated.id))).action.status).toBe("published");

    const undated = await createAction({ status: "draft", publishedAt: null, startDate: null, endDate: null });
    const bad = await publish(undated.id);
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("Start and end dates are required to publish");
  });

  it("deletes an action; a second delete is 404", async () => {
    const headers = await adminHeaders();
    const row = await createAction();
    const param = { id: row.id };
    expect((await actions[":id"].$delete({ param }, { headers })).status).toBe(200);
    expect((await actions[":id"].$get({ param }, { headers })).status).toBe(404);
    expect((await actions[":id"].$delete({ param }, { headers })).status).toBe(404);
  });
});

describe("admin actions: list", () => {
  it("searches title and slug, newest start first, and the test dialog's recent sort", async () => {
    const headers = await adminHeaders();
    const tag = `zebra${Date.now()}`;
    const a = await createAction({ title: `Old ${tag}`, startDate: "2030-01-01", endDate: "2030-01-07" });
    const b = await createAction({ title: `New ${tag}`, startDate: "2030-02-01", endDate: "2030-02-07" });
    const c = await createAction({ slug: `${tag}-slug`, startDate: null, endDate: null, status: "draft" });
    const list = async (query: NonNullable<Parameters<typeof actions.$get>[0]>["query"]) =>
      (await ok(actions.$get({ query }, { headers }))).actions;
    const found = await list({ search: tag });
    expect(found.map((x) => x.id)).toEqual([b.id, a.id, c.id]);
    expect(Object.keys(found[0] ?? {}).sort()).toEqual(
      ["created_at", "end_date", "id", "slug", "start_date", "status", "title", "updated_at", "spanish"].sort(),
    );

    const recent = await list({ sort: "created", limit: "20" });
    expect(recent.length).toBeLessThanOrEqual(20);
    // Other test files may add actions to the shared database meanwhile: check the order of ours.
    const ours = new Set([a.id, b.id, c.id]);
    expect(recent.filter((x) => ours.has(x.id)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);

    // LIKE wildcards in the search are literal.
    expect(await list({ search: "%%nothing_" })).toEqual([]);
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
    const { action } = await ok(actions[":id"].duplicate.$post({ param: { id: src.id } }, { headers }), 201);
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
    const match = new RegExp(`^${src.slug}-copy-(\\d+)$`).exec(action.slug);
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
    // 201 when it created drafts, 200 when there was nothing left to create.
    const setUp = () => actions["quick-setup"].$post(undefined, { headers });
    const [first, second] = await Promise.all([setUp(), setUp()]);
    const again = await ok(setUp());
    expect(again).toMatchObject({ actions: [], skipped: 3 });
    const weeks = quickSetupWeeks(dayInZone(new Date(), config().SITE_TIMEZONE));
    const slugs = weeks.map((w) => `weekly-action-${w.start}`);
    const rows = await db().select().from(weeklyActions).where(inArray(weeklyActions.slug, slugs));
    expect(rows).toHaveLength(3);
    expect((await first.json()).actions.length + (await second.json()).actions.length).toBe(3);
    for (const w of weeks) expect(addDays(w.start, 6)).toBe(w.end);
    // Each week is now taken by its own draft, and the answer says so.
    expect(again.skipped_weeks.map((w) => [w.start_date, w.end_date])).toEqual(weeks.map((w) => [w.start, w.end]));
    expect(again.skipped_weeks.every((w) => w.action_title.startsWith("Weekly Action: Week of"))).toBe(true);
  });

  it("skips weeks in which an action already runs, and names them (decision 230)", async () => {
    // 2047-05-01 is a Wednesday: the weeks start on May 5, 12 and 19.
    const now = new Date("2047-05-01T18:00:00Z");
    const published = await createAction({ title: "Count the swifts", startDate: "2047-05-12", endDate: "2047-05-18" });
    // No end date: it runs a week from its start (Tuesday 21st to Monday 27th), into the third week.
    await createAction({
      title: "Undated end",
      status: "draft",
      publishedAt: null,
      startDate: "2047-05-21",
      endDate: null,
    });
    // Ended the day before the first week: not in the way.
    await createAction({ title: "Last week's", startDate: "2047-04-28", endDate: "2047-05-04" });
    const { created, skipped, skippedWeeks } = await quickSetup({ db: db(), timeZone: "America/Los_Angeles", now });
    expect(created.map((a) => a.start_date)).toEqual(["2047-05-05"]);
    expect(skipped).toBe(2);
    expect(skippedWeeks).toEqual([
      { start_date: "2047-05-12", end_date: "2047-05-18", action_title: published.title },
      { start_date: "2047-05-19", end_date: "2047-05-25", action_title: "Undated end" },
    ]);
    // Run again: the first week is now taken by the draft it made.
    const again = await quickSetup({ db: db(), timeZone: "America/Los_Angeles", now });
    expect(again.created).toEqual([]);
    expect(again.skippedWeeks.map((w) => w.start_date)).toEqual(["2047-05-05", "2047-05-12", "2047-05-19"]);
  });
});
