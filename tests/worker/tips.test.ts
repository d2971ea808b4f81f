import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TipInput } from "#contract/tips/schemas";
import { campaignTips, tips } from "../../db/schema";
import { tipForCampaign } from "../../worker/features/tips/service";
import { outboxOfCampaign, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, db, memberHeaders } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

const adminTips = client.api.admin.tips;

let n = 0;
const tipBody = (overrides: Partial<TipInput> = {}): TipInput => ({
  title: `Tip ${Date.now()}-${++n}`,
  body: "Turn the tap off while you brush.",
  url: "https://www.epa.gov/watersense",
  topic: "water",
  ...overrides,
});

type Headers = Record<string, string>;

const addTip = async (headers: Headers, overrides: Partial<TipInput> = {}) =>
  (await ok(adminTips.$post({ json: tipBody(overrides) }, { headers }), 201)).tip;

const listTips = async (headers: Headers) => (await ok(adminTips.$get(undefined, { headers }))).tips;

describe("admin tips API", () => {
  it("is for admins only", async () => {
    expect((await adminTips.$get()).status).toBe(401);
    expect((await adminTips.$get(undefined, { headers: await memberHeaders() })).status).toBe(403);
    expect((await adminTips.$post({ json: tipBody() }, { headers: await memberHeaders() })).status).toBe(403);
  });

  it("creates, edits, deactivates and deletes a tip", async () => {
    const headers = await adminHeaders();
    const tip = await addTip(headers, { url: "" });
    expect(tip).toMatchObject({ url: null, active: true, topic: "water" });

    const param = { id: tip.id };
    const put = await ok(
      adminTips[":id"].$put(
        { param, json: tipBody({ title: tip.title, body: "  Fix leaks.  ", active: false, topic: "energy" }) },
        { headers },
      ),
    );
    expect(put.tip).toMatchObject({ body: "Fix leaks.", active: false, topic: "energy" });

    expect((await adminTips[":id"].$delete({ param }, { headers })).status).toBe(200);
    expect((await adminTips[":id"].$delete({ param }, { headers })).status).toBe(404);
    expect((await adminTips[":id"].$put({ param, json: tipBody() }, { headers })).status).toBe(404);
  });

  it("answers bad input with the form's messages", async () => {
    const headers = await adminHeaders();
    const bad = async (overrides: Record<string, unknown>) => {
      const res = await adminTips.$post({ json: unchecked({ ...tipBody(), ...overrides }) }, { headers });
      expect(res.status).toBe(400);
      return (await errorOf(res)).message;
    };
    expect(await bad({ title: "  " })).toBe("Title is required");
    expect(await bad({ body: "x".repeat(401) })).toBe("Tip text must be 400 characters or less");
    expect(await bad({ url: "javascript:alert(1)" })).toBe("Link must start with http:// or https://");
    expect(await bad({ topic: "astrology" })).toBe("Choose a topic");

    const tip = await addTip(headers);
    expect((await adminTips.$post({ json: tipBody({ title: tip.title }) }, { headers })).status).toBe(409);
  });

  it("reorders the whole list, refusing a list that is not every tip once", async () => {
    const headers = await adminHeaders();
    await addTip(headers);
    await addTip(headers);
    await addTip(headers);
    const ids = (await listTips(headers)).map((t) => t.id);
    const reversed = [...ids].reverse();
    const reorder = (order: string[]) => adminTips.order.$put({ json: { ids: order } }, { headers });

    expect((await ok(reorder(reversed))).tips.map((t) => t.id)).toEqual(reversed);
    expect((await listTips(headers)).map((t) => t.position)).toEqual(reversed.map((_, i) => i));

    expect((await reorder(reversed.slice(1))).status).toBe(409);
    const twice = [reversed[0] as string, ...reversed.slice(0, -1)];
    expect((await reorder(twice)).status).toBe(400);
  });
});

describe("tip rotation", () => {
  /** Starts from an empty tip list: the rotation looks at every tip, so other tests' tips would count. */
  async function freshTips(headers: Headers, count: number) {
    await db().delete(tips);
    const made = [];
    for (let i = 0; i < count; i++) made.push(await addTip(headers, { title: `Rotation tip ${i}` }));
    return made;
  }

  it("gives each campaign the next unused active tip, with no repeat until all were used, exactly once per campaign", async () => {
    const headers = await adminHeaders();
    const [a, b, c] = await freshTips(headers, 3);
    const switchB = (active: boolean) =>
      ok(
        adminTips[":id"].$put({ param: { id: b?.id ?? "" }, json: tipBody({ title: b?.title, active }) }, { headers }),
      );
    await switchB(false);

    const picks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const campaign = await createCampaign((await createAction()).id, []);
      const tip = await tipForCampaign(db(), campaign.id);
      // A retry (or a second consumer) of the same campaign gets the same tip and records nothing new.
      expect((await tipForCampaign(db(), campaign.id))?.id).toBe(tip?.id);
      picks.push(tip?.title ?? "none");
    }
    expect(picks).toEqual([a?.title, c?.title, a?.title, c?.title]);
    expect(await db().select().from(campaignTips)).toHaveLength(4);

    // A tip switched back on has been used least, so it goes next.
    await switchB(true);
    const next = await createCampaign((await createAction()).id, []);
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

    const sub = await createSubscriber();
    const none = await createCampaign((await createAction()).id, [sub.id]);
    await runConsumer([weeklyJob(none.id, [sub.id])], testDeps());
    // Delivered twice (a duplicate message): still one tip recorded for the campaign.
    await runConsumer([weeklyJob(none.id, [sub.id])], testDeps(), { attempts: 2 });
    const [mail] = await outboxOfCampaign(none.id);
    expect(mail?.html).toContain("Sustainable living tip: Keep &lt;cats&gt; indoors");
    expect(mail?.html).toContain("Birds &amp; cats both win.");
    expect(mail?.html).toContain('href="https://abcbirds.org/"');
    expect(mail?.text).toContain("SUSTAINABLE LIVING TIP: Keep <cats> indoors");
    expect(await db().select().from(campaignTips).where(eq(campaignTips.campaignId, none.id))).toHaveLength(1);

    expect((await ok(client.api.tips.current.$get({ query: {} }))).tip?.title).toBe("Keep <cats> indoors");
  });

  it("has no tip section when there is no active tip", async () => {
    await db().delete(tips);
    const sub = await createSubscriber();
    const campaign = await createCampaign((await createAction()).id, [sub.id]);
    await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps());
    const [mail] = await outboxOfCampaign(campaign.id);
    expect(mail?.html).not.toContain("Sustainable living tip");
    expect((await ok(client.api.tips.current.$get({ query: {} }))).tip).toBeNull();
  });
});
