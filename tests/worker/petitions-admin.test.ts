import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_PETITIONS, PETITION_MESSAGES } from "#contract/petitions/schemas";
import { settings } from "../../db/schema";
import { PETITIONS_KEY } from "../../worker/features/petitions/service";
import { settingsCacheKey } from "../../worker/platform/settings";
import { adminHeaders, db, memberHeaders } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { petition } from "./support/factories";
import { restoreSettingsAfterEach } from "./support/settings";

// The petition list is one global settings record: each test's changes are undone after it.
restoreSettingsAfterEach(PETITIONS_KEY);

const adminPetitions = client.api.admin.petitions;

/** Saves the whole list; items may be outside the schema on purpose (the bad-input cases). */
async function put(list: unknown[], headers?: Record<string, string>) {
  return adminPetitions.$put({ json: { petitions: unchecked(list) } }, { headers: headers ?? (await adminHeaders()) });
}

const read = async (headers: Record<string, string>) =>
  (await ok(adminPetitions.$get(undefined, { headers }))).petitions;

describe("/api/admin/petitions", () => {
  it("answers 401 signed out and 403 for a signed-in non-admin, for reads and saves", async () => {
    expect((await adminPetitions.$get()).status).toBe(401);
    expect((await adminPetitions.$put({ json: { petitions: [] } })).status).toBe(401);
    const member = await memberHeaders();
    expect((await adminPetitions.$get(undefined, { headers: member })).status).toBe(403);
    const res = await put([petition()], member);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe("Access denied. You need admin privileges to access this page.");
  });

  it("inserts the record when absent, updates it when present, and reads back the whole ordered list", async () => {
    await db().delete(settings).where(eq(settings.key, PETITIONS_KEY));
    await env.KV.delete(settingsCacheKey(PETITIONS_KEY));
    const headers = await adminHeaders();
    expect(await read(headers)).toEqual([]);

    const saved = (await ok(put([petition({ title: "A" }), petition({ title: "Draft B", verified: false })], headers)))
      .petitions;
    expect(saved.map((p) => p.title)).toEqual(["A", "Draft B"]);
    // Ids are assigned so the admin screen can address items; they survive later saves.
    expect(saved.every((p) => typeof p.id === "string" && p.id.length > 0)).toBe(true);

    const reordered = [saved[1], saved[0]];
    expect((await put(reordered, headers)).status).toBe(200);
    expect((await read(headers)).map((p) => [p.id, p.title])).toEqual([
      [saved[1]?.id, "Draft B"],
      [saved[0]?.id, "A"],
    ]);
    const rows = await db().select().from(settings).where(eq(settings.key, PETITIONS_KEY));
    expect(rows).toHaveLength(1);
  });

  it("trims text, drops an empty image url and accepts `organization` for org_name", async () => {
    const { org_name: _omit, ...rest } = petition();
    const res = await put([
      {
        ...rest,
        title: "  Spaced  ",
        organization: "  Old Name ",
        image_url: "",
        location_scope: "local",
        state: "CA",
      },
    ]);
    const [p] = (await ok(res)).petitions;
    expect(p).toMatchObject({ title: "Spaced", org_name: "Old Name", location_scope: "local", state: "CA" });
    expect(p).not.toHaveProperty("image_url");
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["missing title", { title: undefined }, PETITION_MESSAGES.titleRequired],
    ["blank title", { title: "   " }, PETITION_MESSAGES.titleRequired],
    ["missing url", { url: undefined }, PETITION_MESSAGES.urlInvalid],
    ["url that is not a URL", { url: "not a url" }, PETITION_MESSAGES.urlInvalid],
    ["javascript: url", { url: "javascript:alert(1)" }, PETITION_MESSAGES.urlInvalid],
    ["http url", { url: "http://example.org/petition" }, PETITION_MESSAGES.urlNotHttps],
    ["missing organization", { org_name: undefined }, PETITION_MESSAGES.orgRequired],
    ["blank organization", { org_name: " " }, PETITION_MESSAGES.orgRequired],
    ["unknown topic", { topic: "volcanoes" }, PETITION_MESSAGES.topicInvalid],
    ["unknown scope", { location_scope: "global" }, PETITION_MESSAGES.scopeInvalid],
    ["state that is not one of the 50", { location_scope: "state", state: "DC" }, PETITION_MESSAGES.stateInvalid],
    ["lower-case state", { location_scope: "state", state: "ca" }, PETITION_MESSAGES.stateInvalid],
    ["state on a national petition", { location_scope: "national", state: "CA" }, PETITION_MESSAGES.stateWithNational],
    ["image url that is not a URL", { image_url: "wildflower.png" }, PETITION_MESSAGES.imageInvalid],
    ["verified as a string", { verified: "true" }, PETITION_MESSAGES.verifiedInvalid],
    ["missing verified", { verified: undefined }, PETITION_MESSAGES.verifiedInvalid],
  ];

  it.each(cases)("rejects a %s with the spec's message and keeps the saved list", async (_name, change, message) => {
    const headers = await adminHeaders();
    await put([petition({ title: "Kept" })], headers);
    const bad = { ...petition(), ...change };
    const res = await put([petition(), bad], headers);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect((await read(headers)).map((p) => p.title)).toEqual(["Kept"]);
  });

  it("rejects a body that is not a list, and a list over the limit", async () => {
    const headers = await adminHeaders();
    const notList = await adminPetitions.$put({ json: { petitions: unchecked("x") } }, { headers });
    expect(notList.status).toBe(400);
    const tooMany = await put(
      Array.from({ length: MAX_PETITIONS + 1 }, () => petition()),
      headers,
    );
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).message).toBe(PETITION_MESSAGES.tooMany);
  });
});
