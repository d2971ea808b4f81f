import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignTips, tips } from "../../db/schema";
import type { Tip } from "../../worker/features/tips/schemas";
import { tipForCampaign } from "../../worker/features/tips/service";
import {
  createAction,
  createCampaign,
  createSubscriber,
  outboxOfCampaign,
  runConsumer,
  testDeps,
  weeklyJob,
} from "./email-fixtures";
import { adminHeaders, api, db, memberHeaders } from "./helpers";

let n = 0;
const tipBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Tip ${Date.now()}-${++n}`,
  body: "Turn the tap off while you brush.",
  url: "https://www.epa.gov/watersense",
  topic: "water",
  ...overrides,
});

async function addTip(headers: HeadersInit, overrides: Record<string, unknown> = {}): Promise<Tip> {
  const res = await api("/api/admin/tips", { method: "POST", json: tipBody(overrides), headers });
  expect(res.status).toBe(201);
  return ((await res.json()) as { tip: Tip }).tip;
}

const listTips = async (headers: HeadersInit) =>
  ((await (await api("/api/admin/tips", { headers })).json()) as { tips: Tip[] }).tips;

describe("admin tips API", () => {
  it("is for admins only", async () => {
    expect((await api("/api/admin/tips")).status).toBe(401);
    expect((await api("/api/admin/tips", { headers: await memberHeaders() })).status).toBe(403);
    expect(
      (await api("/api/admin/tips", { method: "POST", json: tipBody(), headers: await memberHeaders() })).status,
    ).toBe(403);
  });

  it("creates, edits, deactivates and deletes a tip", async () => {
    const headers = await adminHeaders();
    const tip = await addTip(headers, { url: "" });
    expect(tip).toMatchObject({ url: null, active: true, topic: "water" });

    const put = await api(`/api/admin/tips/${tip.id}`, {
      method: "PUT",
      json: tipBody({ title: tip.title, body: "  Fix leaks.  ", active: false, topic: "energy" }),
      headers,
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { tip: Tip }).tip).toMatchObject({
      body: "Fix leaks.",
      active: false,
      topic: "energy",
    });

    expect((await api(`/api/admin/tips/${tip.id}`, { method: "DELETE", headers })).status).toBe(200);
    expect((await api(`/api/admin/tips/${tip.id}`, { method: "DELETE", headers })).status).toBe(404);
    expect((await api(`/api/admin/tips/${tip.id}`, { method: "PUT", json: tipBody(), headers })).status).toBe(404);
  });

  it("answers bad input with the form's messages", async () => {
    const headers = await adminHeaders();
    const bad = async (overrides: Record<string, unknown>) => {
      const res = await api("/api/admin/tips", { method: "POST", json: tipBody(overrides), headers });
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { message: string } }).error.message;
    };
    expect(await bad({ title: "  " })).toBe("Title is required");
    expect(await bad({ body: "x".repeat(401) })).toBe("Tip text must be 400 characters or less");
    expect(await bad({ url: "javascript:alert(1)" })).toBe("Link must start with http:// or https://");
    expect(await bad({ topic: "astrology" })).toBe("Choose a topic");

    const tip = await addTip(headers);
    const dup = await api("/api/admin/tips", { method: "POST", json: tipBody({ title: tip.title }), headers });
    expect(dup.status).toBe(409);
  });

  it("reorders the whole list, refusing a list that is not every tip once", async () => {
    const headers = await adminHeaders();
    await addTip(headers);
    await addTip(headers);
    await addTip(headers);
    const ids = (await listTips(headers)).map((t) => t.id);
    const reversed = [...ids].reverse();

    const res = await api("/api/admin/tips/order", { method: "PUT", json: { ids: reversed }, headers });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { tips: Tip[] }).tips.map((t) => t.id)).toEqual(reversed);
    expect((await listTips(headers)).map((t) => t.position)).toEqual(reversed.map((_, i) => i));

    const stale = await api("/api/admin/tips/order", { method: "PUT", json: { ids: reversed.slice(1) }, headers });
    expect(stale.status).toBe(400);
    const twice = [reversed[0], ...reversed.slice(0, -1)];
    expect((await api("/api/admin/tips/order", { method: "PUT", json: { ids: twice }, headers })).status).toBe(400);
  });
});

describe("tip rotation", () => {
  /** Starts from an empty tip list: the rotation looks at every tip, so other tests' tips would count. */
  async function freshTips(headers: HeadersInit, count: number) {
    await db().delete(tips);
    const made: Tip[] = [];
    for (let i = 0; i < count; i++) made.push(await addTip(headers, { title: `Rotation tip ${i}` }));
    return made;
  }

  it("gives each campaign the next unused active tip, with no repeat until all were used, exactly once per campaign", async () => {
    const headers = await adminHeaders();
    const [a, b, c] = await freshTips(headers, 3);
    await api(`/api/admin/tips/${b?.id}`, {
      method: "PUT",
      json: tipBody({ title: b?.title, active: false }),
      headers,
    });

    const picks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const campaign = await createCampaign((await createAction()).id, 0);
      const tip = await tipForCampaign(db(), campaign.id);
      // A retry (or a second consumer) of the same campaign gets the same tip and records nothing new.
      expect((await tipForCampaign(db(), campaign.id))?.id).toBe(tip?.id);
      picks.push(tip?.title ?? "none");
    }
    expect(picks).toEqual([a?.title, c?.title, a?.title, c?.title]);
    expect(await db().select().from(campaignTips)).toHaveLength(4);

    // A tip switched back on has been used least, so it goes next.
    await api(`/api/admin/tips/${b?.id}`, { method: "PUT", json: tipBody({ title: b?.title, active: true }), headers });
    const next = await createCampaign((await createAction()).id, 0);
    expect((await tipForCampaign(db(), next.id))?.title).toBe(b?.title);
  });

  it("puts the tip in the weekly email, escaped, and shows the current one publicly", async () => {
    const headers = await adminHeaders();
    await db().delete(tips);
    await addTip(headers, {
      title: "Keep <cats> indoors",
      body: "Birds & cats both win.",
      url: "https://abcbirds.org/",
    });

    const none = await createCampaign((await createAction()).id, 1);
    const sub = await createSubscriber();
    await runConsumer([weeklyJob(none.id, [sub.id])], testDeps());
    // Delivered twice (a duplicate message): still one tip recorded for the campaign.
    await runConsumer([weeklyJob(none.id, [sub.id])], testDeps(), { attempts: 2 });
    const [mail] = await outboxOfCampaign(none.id);
    expect(mail?.html).toContain("Sustainable living tip: Keep &lt;cats&gt; indoors");
    expect(mail?.html).toContain("Birds &amp; cats both win.");
    expect(mail?.html).toContain('href="https://abcbirds.org/"');
    expect(mail?.text).toContain("SUSTAINABLE LIVING TIP: Keep <cats> indoors");
    expect(await db().select().from(campaignTips).where(eq(campaignTips.campaignId, none.id))).toHaveLength(1);

    const current = await api("/api/tips/current");
    expect(((await current.json()) as { tip: { title: string } }).tip.title).toBe("Keep <cats> indoors");
  });

  it("has no tip section when there is no active tip", async () => {
    await db().delete(tips);
    const campaign = await createCampaign((await createAction()).id, 1);
    const sub = await createSubscriber();
    await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps());
    const [mail] = await outboxOfCampaign(campaign.id);
    expect(mail?.html).not.toContain("Sustainable living tip");
    expect(((await (await api("/api/tips/current")).json()) as { tip: null }).tip).toBeNull();
  });
});
