import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deletedSubscriberHashes, emailDeliveries, subscribers } from "../../db/schema";
import { deletedEmailHash } from "../../worker/features/subscribers/data-deletion";
import { fromIp, uniqueIp } from "./auth-support";
import { db } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

describe("POST /api/subscription/delete", () => {
  it("unsubscribes, deletes the row and the address, keeps only its hash, and signup then refuses it", async () => {
    const sub = await createSubscriber({ firstName: "Sorrel" });
    const campaign = await createCampaign((await createAction()).id, []);
    await db()
      .insert(emailDeliveries)
      .values({ campaignId: campaign.id, subscriberId: sub.id, email: sub.email, status: "sent" });

    const remove = (token: string) => client.api.subscription.delete.$post({ json: { token } });
    expect(await ok(remove(sub.manageToken))).toMatchObject({
      deleted: true,
      message: expect.stringContaining("deleted"),
    });

    expect(await db().select().from(subscribers).where(eq(subscribers.id, sub.id))).toEqual([]);
    const ledger = await db().select().from(emailDeliveries).where(eq(emailDeliveries.subscriberId, sub.id));
    expect(ledger.map((r) => [r.email, r.status])).toEqual([["deleted", "sent"]]);
    const hashes = await db().select().from(deletedSubscriberHashes);
    const hash = await deletedEmailHash(sub.email);
    expect(hashes.map((h) => h.emailHash)).toContain(hash);
    expect(JSON.stringify(hashes)).not.toContain(sub.email);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);

    // The link is spent: the page finds nothing, a repeat is a 404.
    expect((await client.api.subscription.$get({ query: { token: sub.manageToken } })).status).toBe(404);
    expect((await remove(sub.manageToken)).status).toBe(404);
    expect((await remove("")).status).toBe(400);

    const again = await client.api.subscribers.$post(
      { json: { first_name: "Sorrel", email: sub.email } },
      { headers: fromIp(uniqueIp()) },
    );
    expect(again.status).toBe(409);
    expect({ error: await errorOf(again) }).toEqual({
      error: {
        code: "address_deleted",
        message:
          "This address asked us to delete its subscription data, so we won't add it again. To rejoin, write to us through the contact form.",
      },
    });
  });
});
