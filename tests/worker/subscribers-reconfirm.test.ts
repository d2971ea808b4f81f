import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailSuppressions, subscribers } from "../../db/schema";
import { RECONFIRM_INVALID_MESSAGE } from "../../worker/features/subscribers/reconfirm";
import { outboxTo, runConsumer, testDeps } from "./email-fixtures";
import { db } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { createSubscriber, uniqueEmail } from "./support/factories";

const ip = () => ({ "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
const signup = (body: unknown) => client.api.subscribers.$post({ json: unchecked(body) }, { headers: ip() });
const confirm = client.api.subscription.confirm;
const find = async (email: string) => (await db().select().from(subscribers).where(eq(subscribers.email, email)))[0];

/** Runs the email job the signup put on the queue, as the consumer would (outbox provider). */
async function deliverReconfirm(subscriberId: string, token: string) {
  await runConsumer([{ type: "reconfirm", subscriberId, token, requestedAt: new Date().toISOString() }], testDeps());
}

/** The confirmation link of the newest "confirm" email to this address. */
async function confirmLinkTo(email: string) {
  const mails = (await outboxTo(email)).filter((m) => m.subject.startsWith("Confirm you want"));
  const text = mails.at(-1)?.text ?? "";
  const match = /\/subscribe\/confirm\?token=([\w-]+)/.exec(text);
  return match?.[1] ?? null;
}

describe("coming back needs consent", () => {
  it("a returning address is not re-activated by signing up; the answer is the same as a new signup's", async () => {
    const fresh = uniqueEmail("fresh");
    const newRes = await signup({ first_name: "Ada", email: fresh });
    const email = uniqueEmail("back");
    // A confirmed subscriber (double opt-in, decision 182) who then unsubscribed.
    await createSubscriber({ email, firstName: "Ada", zipCode: "97201" });
    const before = await find(email);
    await db()
      .update(subscribers)
      .set({ active: false, unsubscribedAt: new Date().toISOString() })
      .where(eq(subscribers.email, email));

    const res = await signup({ first_name: "Adaline", email });
    expect(res.status).toBe(newRes.status);
    expect(Object.keys((await res.json()) as object)).toEqual(Object.keys((await newRes.json()) as object));
    expect(await find(email)).toMatchObject({ active: false, firstName: "Ada", zipCode: "97201" });

    // The job the signup enqueued, delivered: a confirmation, not a welcome.
    const { subscriptionReconfirmations } = await import("../../db/schema");
    const pending = await db()
      .select()
      .from(subscriptionReconfirmations)
      .where(eq(subscriptionReconfirmations.subscriberId, before?.id as string));
    expect(pending).toHaveLength(1);
  });

  it("activates only when the link is opened and its button pressed, once, with the new name", async () => {
    const email = uniqueEmail("consent");
    await createSubscriber({ email, firstName: "Ada" });
    const sub = await find(email);
    await db()
      .update(subscribers)
      .set({ active: false })
      .where(eq(subscribers.id, sub?.id as string));
    // The raw token exists only in the email: make one the way the signup does and deliver its email.
    const { createReconfirmation } = await import("../../worker/features/subscribers/reconfirm");
    const token = await createReconfirmation(
      db(),
      (await find(email)) as typeof subscribers.$inferSelect,
      { firstName: "Adaline", zipCode: null, timeZone: "America/New_York" },
      new Date(),
    );
    await deliverReconfirm(sub?.id as string, token as string);
    const link = (await confirmLinkTo(email)) ?? "";
    expect(link).toBe(token);

    // Opening the link (a mail scanner, or the person) changes nothing.
    expect(await ok(confirm.$get({ query: { token: link } }))).toEqual({
      confirmation: {
        first_name: "Adaline",
        masked_email: expect.stringMatching(/^co\*\*\*@/),
        returning: true,
        zip_code: null,
      },
    });
    expect((await find(email))?.active).toBe(false);

    expect((await confirm.$post({ json: { token: link } })).status).toBe(200);
    expect(await find(email)).toMatchObject({ active: true, firstName: "Adaline", timeZone: "America/New_York" });
    // Once.
    const again = await confirm.$post({ json: { token: link } });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(RECONFIRM_INVALID_MESSAGE);
    expect((await confirm.$get({ query: { token: "x".repeat(43) } })).status).toBe(404);
    expect((await confirm.$get({ query: { token: "short" } })).status).toBe(404);
  });

  it("a complaint-suppressed address gets the confirmation (and nothing else), and confirming lifts the complaint", async () => {
    const email = uniqueEmail("complained");
    await createSubscriber({ email, firstName: "Ada" });
    const sub = (await find(email)) as typeof subscribers.$inferSelect;
    await db().update(subscribers).set({ active: false }).where(eq(subscribers.id, sub.id));
    await db().insert(emailSuppressions).values({ email, reason: "complaint", providerEventId: "evt" });

    const before = (await outboxTo(email)).length;
    const res = await signup({ first_name: "Ada", email });
    expect(res.status).toBe(201);
    const { subscriptionReconfirmations } = await import("../../db/schema");
    // A second signup right away makes no second confirmation (no pestering through the form).
    await signup({ first_name: "Ada", email });
    expect(
      await db().select().from(subscriptionReconfirmations).where(eq(subscriptionReconfirmations.subscriberId, sub.id)),
    ).toHaveLength(1);

    const { createReconfirmation } = await import("../../worker/features/subscribers/reconfirm");
    const token = (await createReconfirmation(
      db(),
      sub,
      { firstName: "Ada", zipCode: null, timeZone: "America/Los_Angeles" },
      new Date(Date.now() + 11 * 60_000),
    )) as string;
    await deliverReconfirm(sub.id, token);
    expect(await confirmLinkTo(email)).toBe(token);
    // A welcome to the same (suppressed) address is still blocked.
    await runConsumer([{ type: "welcome", subscriberId: sub.id, requestedAt: new Date().toISOString() }], testDeps());
    expect((await outboxTo(email)).length).toBe(before + 1);

    await ok(confirm.$post({ json: { token } }));
    expect((await find(email))?.active).toBe(true);
    expect(await db().select().from(emailSuppressions).where(eq(emailSuppressions.email, email))).toHaveLength(0);
  });

  it("a hard-bounced address gets no confirmation email at all", async () => {
    const email = uniqueEmail("bounced");
    await createSubscriber({ email, firstName: "Ada" });
    const sub = (await find(email)) as typeof subscribers.$inferSelect;
    await db().update(subscribers).set({ active: false }).where(eq(subscribers.id, sub.id));
    await db().insert(emailSuppressions).values({ email, reason: "hard_bounce", providerEventId: "evt" });
    const before = (await outboxTo(email)).length;
    await deliverReconfirm(sub.id, "t".repeat(43));
    expect((await outboxTo(email)).length).toBe(before);
  });

  it("an active address still answers the spec's 409", async () => {
    const email = uniqueEmail("active");
    await createSubscriber({ email, firstName: "Ada" });
    expect((await signup({ first_name: "Ada", email })).status).toBe(409);
  });
});
