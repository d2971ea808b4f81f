import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribers } from "../../db/schema";
import { api, db } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createSubscriber } from "./support/factories";

const subscription = client.api.subscription;
const view = (token: string) => subscription.$get({ query: { token } });
const unsubscribe = (token: string) => subscription.unsubscribe.$post({ json: { token } });
const resubscribe = (token: string) => subscription.resubscribe.$post({ json: { token } });
const stored = async (id: string) => (await db().select().from(subscribers).where(eq(subscribers.id, id)))[0];

describe("subscription management by token", () => {
  it("shows name, masked email, status, date and email language, and never changes anything", async () => {
    const sub = await createSubscriber({ email: "river.otter@example.com", firstName: "River" });
    for (let i = 0; i < 3; i++) {
      const res = await view(sub.manageToken);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(await res.json()).toEqual({
        subscription: {
          first_name: "River",
          masked_email: "ri***@example.com",
          active: true,
          subscribed_at: sub.subscribedAt,
          pending: false,
          locale: "en",
        },
      });
    }
    const { manageToken: _token, ...row } = sub;
    expect(await stored(sub.id)).toEqual(row);
  });

  it("answers 'Invalid unsubscribe link' without a usable token, 404 for an unknown one", async () => {
    for (const query of [{}, { token: "" }, { token: "short" }]) {
      const res = await subscription.$get({ query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((await errorOf(res)).message).toBe("Invalid unsubscribe link");
    }
    const unknown = await view("A".repeat(43));
    expect(unknown.status).toBe(404);
    expect((await unsubscribe("A".repeat(43))).status).toBe(404);
    expect((await unsubscribe("")).status).toBe(400);
  });

  it("unsubscribes and resubscribes with POSTs, idempotently", async () => {
    const sub = await createSubscriber();
    expect(await ok(unsubscribe(sub.manageToken))).toMatchObject({
      active: false,
      subscription: { active: false },
      message: expect.any(String),
    });
    const firstUnsubscribedAt = (await stored(sub.id))?.unsubscribedAt;
    expect(firstUnsubscribedAt).toBeTruthy();

    // Repeating keeps the state and the first unsubscribe time.
    expect((await unsubscribe(sub.manageToken)).status).toBe(200);
    expect((await stored(sub.id))?.unsubscribedAt).toBe(firstUnsubscribedAt);

    expect(await ok(resubscribe(sub.manageToken))).toMatchObject({ active: true, subscription: { active: true } });
    expect(await stored(sub.id)).toMatchObject({ active: true, unsubscribedAt: null });
    expect((await resubscribe(sub.manageToken)).status).toBe(200);
  });

  it("implements RFC 8058 one-click: POST with the mail client's form body, no CSRF token, idempotent, 200", async () => {
    const sub = await createSubscriber();
    const oneClick = () =>
      api(`/api/subscription/one-click?token=${sub.manageToken}`, {
        method: "POST",
        // What mail clients send; a cross-site origin must not matter.
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect((await stored(sub.id))?.active).toBe(false);
    const second = await oneClick();
    expect(second.status).toBe(200);
    expect((await stored(sub.id))?.active).toBe(false);

    // A GET (link scanners) does nothing.
    const fresh = await createSubscriber();
    const get = await api(`/api/subscription/one-click?token=${fresh.manageToken}`);
    expect(get.status).toBe(404);
    expect((await stored(fresh.id))?.active).toBe(true);
  });
});
