import { describe, expect, it } from "vitest";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { adminHeaders, config } from "./helpers";
import { client, ok } from "./support/client";
import { createAction } from "./support/factories";

describe("content export", () => {
  it("formats the current action for social posts with a UTM link", async () => {
    const today = dayInZone(new Date(), config().SITE_TIMEZONE);
    const action = await createAction({
      title: `Export me ${Date.now()}`,
      startDate: today,
      endDate: addDays(today, 6),
      steps: ["Find a jar", "Fill it"],
      materials: ["Jar", "Water"],
    });
    const { content } = await ok(
      client.api.admin["content-export"].$post({ query: {} }, { headers: await adminHeaders() }),
    );
    expect(content).toContain(`This Week's Action: ${action.title}`);
    expect(content).toContain(action.summary);
    expect(content).toContain("1. Find a jar\n2. Fill it");
    expect(content).toContain("• Jar\n• Water");
    expect(content).toContain(
      `${config().siteOrigin}/actions/${action.slug}?utm_source=social&utm_medium=organic&utm_campaign=weekly_action`,
    );
  });

  it("is admin-only", async () => {
    expect((await client.api.admin["content-export"].$post({ query: {} })).status).toBe(401);
  });
});
