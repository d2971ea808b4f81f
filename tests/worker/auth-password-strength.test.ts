import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "#contract/auth/messages";
import { createApp } from "../../worker/app";
import { PWNED_RANGE_URL } from "../../worker/features/auth/password-strength";
import { signIn } from "./helpers";
import { client, errorOf } from "./support/client";
import { createUser } from "./support/factories";

const SCRYPT_TIMEOUT = { timeout: 30_000 };

const setPassword = (password: string, headers: Record<string, string>) =>
  client.api.me.password.$put({ json: { password } }, { headers });

async function sha1Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** Have I Been Pwned's range API, faked at the HTTP boundary: `breached` are seen, padding rows say 0. */
function fakePwned(breached: string[], answer?: () => Promise<Response>) {
  const asked: { url: string; padding: string | null }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(PWNED_RANGE_URL)) return new Response("unexpected host", { status: 418 });
    asked.push({ url: request.url, padding: request.headers.get("Add-Padding") });
    if (answer) return answer();
    const prefix = request.url.slice(PWNED_RANGE_URL.length);
    const lines = ["0000000000000000000000000000000000A:0"];
    for (const p of breached) {
      const hex = await sha1Hex(p);
      if (hex.startsWith(prefix)) lines.push(`${hex.slice(5)}:42`);
    }
    return new Response(lines.join("\r\n"));
  });
  return asked;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** PUT /api/me/password through an app whose config turns the breach check on. */
function withBreachCheck() {
  const bindings = { ...env, PASSWORD_BREACH_CHECK: "true" };
  return (password: string, headers: Record<string, string>) =>
    createApp().fetch(
      new Request("http://localhost:8787/api/me/password", {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
      }),
      bindings,
      createExecutionContext(),
    );
}

describe("new passwords", SCRYPT_TIMEOUT, () => {
  it("refuses the most common passwords with a clear message", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    for (const password of ["password12", "iloveyou123", "qwerty123456", "QWERTY123456"]) {
      const res = await setPassword(password, headers);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "password_too_common", message: AUTH_MESSAGES.passwordTooCommon });
    }
  });

  it("refuses the account's email, its local part and the site's name, with digits and symbols around them", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    const local = user.email.split("@")[0] ?? "";
    for (const password of [`${local}2026!`, "Earthkind2026", "!!earthkind!!", `${user.email}1`]) {
      const res = await setPassword(password, headers);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(AUTH_MESSAGES.passwordTooPersonal);
    }
    expect((await setPassword("earthkind meadow lantern", headers)).status).toBe(200);
  });

  it("with the breach check on, refuses a password Have I Been Pwned has seen, sending only a 5-digit prefix", async () => {
    const asked = fakePwned(["a seen-before passphrase"]);
    const put = withBreachCheck();
    const { headers } = await signIn(await createUser());
    const res = await put("a seen-before passphrase", headers);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "password_breached", message: AUTH_MESSAGES.passwordBreached });
    expect(asked).toEqual([
      { url: `${PWNED_RANGE_URL}${(await sha1Hex("a seen-before passphrase")).slice(0, 5)}`, padding: "true" },
    ]);
    expect((await put("a never-seen meadow lantern", headers)).status).toBe(200);
  });

  it("fails open when Have I Been Pwned is unreachable", async () => {
    fakePwned([], () => Promise.reject(new TypeError("fetch failed")));
    const put = withBreachCheck();
    const { headers } = await signIn(await createUser());
    expect((await put("an offline meadow lantern", headers)).status).toBe(200);
  });

  it("asks nothing of Have I Been Pwned while the check is off", async () => {
    const asked = fakePwned([]);
    const { headers } = await signIn(await createUser());
    expect((await setPassword("a quiet meadow lantern", headers)).status).toBe(200);
    expect(asked).toEqual([]);
  });
});
