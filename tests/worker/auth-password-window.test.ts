import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMAIL_ATTEMPTS, EMAIL_ATTEMPTS_PER_HOUR, reservePasswordAttempt } from "../../worker/features/auth/lockout";
import { hashPassword } from "../../worker/platform/password";
import { fromIp, uniqueIp } from "./auth-support";
import { api, db } from "./helpers";
import { createUser, uniqueEmail } from "./support/factories";

// Issue 40: the per-address password limit holds under any burst, whenever it comes (decision 192, amended by
// 213): a sliding window reserved in one statement, and ASVS's 100 failures an hour per account.

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Reserves one attempt for `email` from a client of its own at `at`. */
const reserveAt = (email: string, at: number) =>
  reservePasswordAttempt(db(), env.KV, email, uniqueIp(), new Date(at)).then((r) => r.ok);

describe("the per-address password limit", () => {
  it("24 wrong passwords at once from 24 clients: at most the limit are evaluated, whenever the burst comes", {
    timeout: 60_000,
  }, async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
      .bind(await hashPassword("the real password 9"), user.id)
      .run();
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        api("/api/auth/password", {
          method: "POST",
          json: { email: user.email, password: `wrong guess ${i}` },
          headers: fromIp(uniqueIp()),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(countOf(statuses, 401)).toBe(EMAIL_ATTEMPTS.limit);
    expect(countOf(statuses, 429)).toBe(24 - EMAIL_ATTEMPTS.limit);
    for (const refused of responses.filter((r) => r.status === 429))
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a burst split across the turn of a fixed window is still one window's worth", async () => {
    const email = uniqueEmail("window");
    const windowMs = EMAIL_ATTEMPTS.windowSeconds * 1000;
    const turn = Math.ceil(Date.now() / windowMs) * windowMs + windowMs;
    const before = await Promise.all(Array.from({ length: 10 }, () => reserveAt(email, turn - 1_000)));
    const after = await Promise.all(Array.from({ length: 10 }, () => reserveAt(email, turn + 1_000)));
    expect([...before, ...after].filter(Boolean)).toHaveLength(EMAIL_ATTEMPTS.limit);
    // Once a full window has passed since the first attempts, the address may be tried again.
    expect(await reserveAt(email, turn - 1_000 + windowMs + 1)).toBe(true);
  });

  it("allows at most 100 failures an hour per account (ASVS), however they are spread", async () => {
    const email = uniqueEmail("hourly");
    const start = Date.now() + 86_400_000;
    let allowed = 0;
    // Ten attempts every five minutes and a bit: the 5-minute window alone would allow 120 an hour.
    for (let slot = 0; slot < 12; slot++) {
      const at = start + slot * (EMAIL_ATTEMPTS.windowSeconds * 1000 + 1_000);
      const results = await Promise.all(Array.from({ length: 10 }, () => reserveAt(email, at)));
      allowed += results.filter(Boolean).length;
    }
    expect(allowed).toBe(EMAIL_ATTEMPTS_PER_HOUR.limit);
  });
});
