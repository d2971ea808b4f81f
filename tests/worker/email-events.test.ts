import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { events, zipCodes } from "../../db/schema";
import { eventsNearFromSearch } from "../../worker/features/email/events-near";
import type { EmailJob } from "../../worker/features/email/jobs";
import { runQueueBatch } from "../../worker/jobs/queue";
import { outboxOfCampaign } from "./email-fixtures";
import { config, db } from "./helpers";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

async function seedEvents() {
  await db()
    .insert(zipCodes)
    .values([
      { zip: "97201", lat: 45.5079, lon: -122.6905, city: "Portland", state: "OR" },
      { zip: "59301", lat: 46.4083, lon: -105.8406, city: "Miles City", state: "MT" },
    ])
    .onConflictDoNothing();
  const base = { sourceKey: "test", status: "approved" as const, city: "Portland", state: "OR" };
  await db()
    .insert(events)
    .values([
      {
        ...base,
        externalId: "near-1",
        title: "Forest Park ivy pull",
        startAtUtc: inDays(2),
        lat: 45.53,
        lon: -122.72,
        registrationUrl: "https://events.example/ivy",
      },
      {
        ...base,
        externalId: "near-2",
        title: "Willamette shore cleanup",
        startAtUtc: inDays(4),
        lat: 45.5,
        lon: -122.67,
      },
      {
        ...base,
        externalId: "far",
        title: "Bend trail day",
        startAtUtc: inDays(1),
        lat: 44.06,
        lon: -121.31,
        city: "Bend",
      },
      { ...base, externalId: "online", title: "Webinar on pollinators", startAtUtc: inDays(1), isVirtual: true },
      { ...base, externalId: "past", title: "Last month's cleanup", startAtUtc: inDays(-40), lat: 45.51, lon: -122.68 },
    ])
    .onConflictDoNothing();
}

describe("events in the weekly email", () => {
  it("finds the soonest upcoming in-person events within 25 miles, none for an unknown or remote ZIP", async () => {
    await seedEvents();
    const near = eventsNearFromSearch(db(), { now: () => new Date(), siteTimeZone: "America/Los_Angeles" });
    expect((await near("97201")).map((e) => e.title)).toEqual(["Forest Park ivy pull", "Willamette shore cleanup"]);
    // Montana has no events within 25 miles; statewide fallbacks are not "near".
    expect(await near("59301")).toEqual([]);
    expect(await near("00000")).toEqual([]);
  });

  it("are in the weekly email the queue consumer sends to subscribers with a ZIP", async () => {
    await seedEvents();
    const action = await createAction();
    const withZip = await createSubscriber({ zipCode: "97201" });
    const unknownZip = await createSubscriber({ zipCode: "00000" });
    const campaign = await createCampaign(action.id, [withZip.id, unknownZip.id]);
    const job: EmailJob = { type: "weekly", campaignId: campaign.id, subscriberIds: [withZip.id, unknownZip.id] };
    const batch = createMessageBatch<EmailJob>("earthkind-email", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: job },
    ]);
    // Through the Worker's queue entry point, as wired in worker/jobs/queue.ts.
    await runQueueBatch(batch as MessageBatch<unknown>, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["m1"]);

    const mails = await outboxOfCampaign(campaign.id);
    const zipMail = mails.find((m) => m.to === withZip.email);
    expect(zipMail?.text).toContain("Events near 97201:");
    expect(zipMail?.text).toContain("Forest Park ivy pull");
    // Each event links to its own page on the site (decision 202), not straight to registration.
    expect(zipMail?.html).toMatch(/href="[^"]*\/events\/[0-9a-f-]{36}-forest-park-ivy-pull\?utm_source=email&amp;/);
    expect(zipMail?.html).not.toContain("https://events.example/ivy");
    expect(zipMail?.text).not.toContain("Bend trail day");
    // A ZIP the table does not know: the email goes out without the section.
    expect(mails.find((m) => m.to === unknownZip.email)?.text).not.toContain("Events near");
    expect(config().SITE_TIMEZONE).toBe("America/Los_Angeles");
  });
});
