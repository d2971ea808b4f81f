import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PetitionInput } from "#contract/petitions/schemas";
import { settings } from "../../db/schema";
import { PETITIONS_KEY } from "../../worker/features/petitions/service";
import { settingsCacheKey } from "../../worker/platform/settings";
import { adminHeaders, db } from "./helpers";
import { client, ok, unchecked } from "./support/client";
import { petition } from "./support/factories";
import { restoreSettingsAfterEach } from "./support/settings";

// The petition list is one global settings record: each test's changes are undone after it.
restoreSettingsAfterEach(PETITIONS_KEY);

// Every test saves the full list it needs first.
async function saveList(list: PetitionInput[]) {
  await ok(client.api.admin.petitions.$put({ json: { petitions: list } }, { headers: await adminHeaders() }));
}

type PetitionsQuery = NonNullable<Parameters<typeof client.api.petitions.$get>[0]>["query"];
const publicList = async (query: PetitionsQuery = {}) => (await ok(client.api.petitions.$get({ query }))).petitions;

describe("GET /api/petitions", () => {
  it("shows only verified petitions, at most 3 by default, in the admin's order", async () => {
    await saveList([
      petition({ title: "One" }),
      petition({ title: "Draft", verified: false }),
      petition({ title: "Two" }),
      petition({ title: "Three" }),
      petition({ title: "Four" }),
    ]);
    expect((await publicList()).map((p) => p.title)).toEqual(["One", "Two", "Three"]);
    expect((await publicList({ limit: "10" })).map((p) => p.title)).toEqual(["One", "Two", "Three", "Four"]);
    expect((await publicList({ limit: "1" })).map((p) => p.title)).toEqual(["One"]);
  });

  it("sorts the preferred topic first and keeps the order within each group", async () => {
    await saveList([
      petition({ title: "Water A", topic: "water" }),
      petition({ title: "Forest A", topic: "forests" }),
      petition({ title: "Water B", topic: "water" }),
      petition({ title: "Forest B", topic: "forests" }),
    ]);
    expect((await publicList({ topic: "forests", limit: "4" })).map((p) => p.title)).toEqual([
      "Forest A",
      "Forest B",
      "Water A",
      "Water B",
    ]);
    expect((await publicList({ topic: "forests" })).map((p) => p.title)).toEqual(["Forest A", "Forest B", "Water A"]);
  });

  it("skips stored items without a title or url and normalises old records", async () => {
    // Written straight to the record (as older data might be): no ids, `organization`, a blank title.
    await saveList([]);
    await db()
      .update(settings)
      .set({
        value: [
          {
            title: "",
            url: "https://example.org/a",
            org_name: "A",
            topic: "water",
            location_scope: "national",
            verified: true,
          },
          { title: "No url", url: "", org_name: "B", topic: "water", location_scope: "national", verified: true },
          { title: "Script", url: "javascript:alert(1)", org_name: "C", verified: true },
          {
            title: "Old",
            url: "https://example.org/old",
            organization: "Old Org",
            topic: "bogus",
            location_scope: "state",
            state: "or",
            verified: true,
          },
        ],
      })
      .where(eq(settings.key, PETITIONS_KEY));
    await env.KV.delete(settingsCacheKey(PETITIONS_KEY));
    const list = await publicList();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: "Old",
      org_name: "Old Org",
      topic: "other",
      location_scope: "state",
      state: "OR",
    });
    expect(list[0]).not.toHaveProperty("verified");
  });

  it("returns each petition's link with the UTM parameters of the caller", async () => {
    await saveList([
      petition({ url: "https://act.example.org/save-bees?ref=home", image_url: "https://img.example.org/b.webp" }),
    ]);
    const [p] = await publicList({ campaign: "petitions_home" });
    const link = new URL(p?.link ?? "");
    expect(link.origin + link.pathname).toBe("https://act.example.org/save-bees");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      ref: "home",
      utm_source: "website",
      utm_medium: "quick_wins",
      utm_campaign: "petitions_home",
    });
    expect(p?.url).toBe("https://act.example.org/save-bees?ref=home");
    expect(p?.image_url).toBe("https://img.example.org/b.webp");
  });

  it("is an empty list when no petitions were ever saved", async () => {
    await db().delete(settings).where(eq(settings.key, PETITIONS_KEY));
    await env.KV.delete(settingsCacheKey(PETITIONS_KEY));
    expect(await publicList()).toEqual([]);
  });

  it("rejects a bad limit, topic or campaign with 400", async () => {
    for (const query of [
      { limit: "0" },
      { limit: "21" },
      { limit: "abc" },
      { topic: "volcanoes" },
      { campaign: "<script>" },
    ]) {
      const res = await client.api.petitions.$get({ query: unchecked(query) });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });

  it("serves from the KV cache and sees a save at once (the save invalidates the cache)", async () => {
    await saveList([petition({ title: "Cached" })]);
    expect((await publicList()).map((p) => p.title)).toEqual(["Cached"]);
    expect(await env.KV.get("settings:petitions")).not.toBeNull();

    // A change behind the cache's back is not seen: the read comes from KV, not D1.
    await db()
      .update(settings)
      .set({ value: [petition({ title: "Behind the cache", id: "x" })] })
      .where(eq(settings.key, PETITIONS_KEY));
    expect((await publicList()).map((p) => p.title)).toEqual(["Cached"]);

    // A save through the admin API invalidates it.
    await saveList([petition({ title: "Saved" })]);
    expect(await env.KV.get("settings:petitions")).toBeNull();
    expect((await publicList()).map((p) => p.title)).toEqual(["Saved"]);
  });
});
