import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "#contract/contact/schemas";
import { contactMessages } from "../../db/schema";
import { freshMinute } from "./auth-support";
import { outboxTo, runConsumer, testDeps } from "./email-fixtures";
import { config, db } from "./helpers";
import { client, errorOf, unchecked } from "./support/client";
import { uniqueEmail } from "./support/factories";

/** A contact form post; the validation cases send bodies outside the schema on purpose. */
const send = (json: unknown, headers: Record<string, string> = {}) =>
  client.api.contact.$post({ json: unchecked(json) }, { headers });
const messageOf = async (res: Awaited<ReturnType<typeof send>>) => (await errorOf(res)).message;
const stored = async (id: string) => (await db().select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

describe("POST /api/contact", () => {
  it("validates with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ email: "a@b" }, CONTACT_MESSAGES.nameRequired],
      [{ name: "  ", email: "a@b" }, "Name is required"],
      [{ name: "Ada" }, "Email is required"],
      [{ name: "Ada", email: "" }, "Email is required"],
      [{ name: "Ada", email: "not-an-email" }, "Please enter a valid email"],
      [{ name: "Ada", email: "a@b", message: "x".repeat(5001) }, "Message must be 5000 characters or less"],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
  });

  it("stores the message and emails the team with the visitor as Reply-To, escaped", async () => {
    const email = uniqueEmail("contact");
    const res = await send(
      { name: "<b>Wren</b>", email, message: "I can <i>help</i> on weekends." },
      { "CF-Connecting-IP": "192.0.2.44" },
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await stored(id)).toMatchObject({
      name: "<b>Wren</b>",
      email,
      message: "I can <i>help</i> on weekends.",
      ipAddress: "192.0.2.44",
    });

    // The notification goes out from the queue; run the consumer on it (twice: it is sent once).
    await runConsumer([{ type: "contact", messageId: id }], testDeps());
    await runConsumer([{ type: "contact", messageId: id }], testDeps(), { attempts: 2 });
    const team = (await outboxTo(config().CONTACT_TO as string)).filter((m) => m.headers["Reply-To"] === email);
    expect(team).toHaveLength(1);
    expect(team[0]?.subject).toBe("New contact message from <b>Wren</b>");
    expect(team[0]?.html).toContain("&lt;b&gt;Wren&lt;/b&gt;");
    expect(team[0]?.html).not.toContain("<i>help</i>");
    expect(team[0]?.text).toContain("I can <i>help</i> on weekends.");
    expect((await stored(id))?.emailedAt).toBeTruthy();
  });

  it("accepts a message without text", async () => {
    expect((await send({ name: "Ada", email: uniqueEmail() })).status).toBe(201);
  });

  it("limits messages per IP", async () => {
    const ip = `198.18.0.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = [];
    await freshMinute();
    for (let i = 0; i < 6; i++)
      statuses.push((await send({ name: "Ada", email: uniqueEmail() }, { "CF-Connecting-IP": ip })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
