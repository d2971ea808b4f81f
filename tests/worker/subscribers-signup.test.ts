import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ALREADY_SUBSCRIBED_MESSAGE, escapeName, SIGNUP_MESSAGES } from "#contract/subscribers/signup-rules";
import { subscribers } from "../../db/schema";
import { freshMinute, uniqueIp } from "./auth-support";
import { api, db } from "./helpers";
import { client, errorOf, unchecked } from "./support/client";
import { confirmSignup } from "./support/confirm";
import { uniqueEmail } from "./support/factories";

/** A signup as the form sends it; the cases include bodies outside the schema on purpose. */
const signup = (body: unknown, headers: Record<string, string> = {}) =>
  client.api.subscribers.$post({ json: unchecked(body) }, { headers });

const findSubscriber = async (email: string) => {
  const [row] = await db().select().from(subscribers).where(eq(subscribers.email, email));
  return row;
};

describe("POST /api/subscribers", () => {
  it("checks name, then email, then ZIP, with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ first_name: "A", email: "nope", zip_code: "1" }, SIGNUP_MESSAGES.name.description],
      [{ email: "a@example.com" }, SIGNUP_MESSAGES.name.description],
      [{ first_name: "x".repeat(51), email: "a@example.com" }, SIGNUP_MESSAGES.name.description],
      [{ first_name: "Ada", email: "nope", zip_code: "1" }, SIGNUP_MESSAGES.email.description],
      [{ first_name: "Ada", email: `${"a".repeat(250)}@example.com` }, SIGNUP_MESSAGES.email.description],
      [{ first_name: "Ada" }, SIGNUP_MESSAGES.email.description],
      [{ first_name: "Ada", email: "ada@example.com", zip_code: "9721" }, SIGNUP_MESSAGES.zip.description],
      [{ first_name: "Ada", email: "ada@example.com", zip_code: "97201-12" }, SIGNUP_MESSAGES.zip.description],
      [{ first_name: "Ada", email: "ada@example.com", zip_code: "97201-12345" }, SIGNUP_MESSAGES.zip.description],
    ];
    for (const [body, message] of cases) {
      const res = await signup(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message, JSON.stringify(body)).toBe(message);
    }
    expect(SIGNUP_MESSAGES.name.description).toBe("Name must be between 2 and 50 characters.");
    expect(SIGNUP_MESSAGES.email.description).toBe("Please enter a valid email address.");
    expect(SIGNUP_MESSAGES.zip.description).toBe("Please enter a valid 5-digit ZIP code.");
  });

  it("stores the email trimmed and lower-cased, the escaped name as plain text, a ZIP+4 as its 5-digit ZIP", async () => {
    const email = uniqueEmail("Case");
    const res = await signup({
      first_name: escapeName("Tom & <Jerry>"),
      email: `  ${email.toUpperCase()} `,
      zip_code: "97201-1234",
    });
    expect(res.status).toBe(201);
    const row = await findSubscriber(email.toLowerCase());
    // Pending until its owner confirms (double opt-in, decision 182).
    expect(row).toMatchObject({ firstName: "Tom & <Jerry>", zipCode: "97201", active: false, confirmedAt: null });
    // The manage token is per subscriber and stored only hashed and sealed (decision 214).
    expect(row?.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.manageTokenSealed).toMatch(/^v1\./);
    const other = uniqueEmail();
    expect((await signup({ first_name: "Ada", email: other })).status).toBe(201);
    expect((await findSubscriber(other))?.manageTokenHash).not.toBe(row?.manageTokenHash);
  });

  it("answers 409 'already subscribed' for an active (confirmed) email, whatever its case", async () => {
    const email = uniqueEmail();
    expect((await signup({ first_name: "Ada", email })).status).toBe(201);
    // Still pending: the same answer as a new signup, which tells nobody the address signed up before.
    expect((await signup({ first_name: "Ada", email })).status).toBe(201);
    await confirmSignup(email);
    const again = await signup({ first_name: "Ada", email: email.toUpperCase() });
    expect(again.status).toBe(409);
    const error = await errorOf(again);
    expect(error.message).toBe(ALREADY_SUBSCRIBED_MESSAGE);
    expect(error.message).toContain("already subscribed");
  });

  it("limits signups per IP (429 with Retry-After)", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const email = uniqueEmail();
    const statuses: number[] = [];
    await freshMinute();
    // RATE_LIMIT_FORMS: 5 a minute per client.
    for (let i = 0; i < 6; i++)
      statuses.push((await signup({ first_name: "Ada", email }, { "CF-Connecting-IP": ip })).status);
    // The same (pending) address again answers as a new signup does, until the limit.
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true);
    expect(statuses[5]).toBe(429);
    const limited = await signup({ first_name: "Ada", email: uniqueEmail() }, { "CF-Connecting-IP": ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await errorOf(limited)).message).toBe(SIGNUP_MESSAGES.rateLimited.description);
    // Another address is not affected.
    expect((await signup({ first_name: "Ada", email: uniqueEmail() }, { "CF-Connecting-IP": uniqueIp() })).status).toBe(
      201,
    );
  });

  it("rejects malformed JSON with a 400, not a 500", async () => {
    const res = await api("/api/subscribers", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
  });
});
