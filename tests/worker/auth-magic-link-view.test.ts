import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fromIp, requestLinkToken, uniqueIp } from "./auth-support";
import { api } from "./helpers";
import { uniqueEmail } from "./support/factories";

// The magic link's page asks for a click (issue 40 item 3, decision 215): it reads the link without spending it.

const viewLink = (token: string) => api(`/api/auth/magic-link?token=${encodeURIComponent(token)}`);
const verify = (token: string) =>
  api("/api/auth/verify", { method: "POST", json: { token }, headers: fromIp(uniqueIp()) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("GET /api/auth/magic-link (reads a sign-in link, spends nothing)", () => {
  it("answers the masked address, as many times as it is read, and the link still signs in", async () => {
    const email = uniqueEmail("peek");
    const token = await requestLinkToken(email);
    for (let i = 0; i < 3; i++) {
      const res = await viewLink(token);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(await res.json()).toEqual({ masked_email: `${email.slice(0, 2)}***@example.com` });
    }
    const used = await env.DB.prepare("SELECT used_at FROM magic_link_tokens WHERE email = ?").bind(email).first();
    expect(used?.used_at).toBeNull();
    expect((await verify(token)).status).toBe(200);
  });

  it("refuses invalid, used and expired links with the verify's own code and message", async () => {
    const bogus = await viewLink("not-a-real-token");
    expect(bogus.status).toBe(400);
    expect(await errorOf(bogus)).toEqual({
      code: "link_invalid",
      message: "This sign-in link is invalid. Please request a new one.",
    });

    const token = await requestLinkToken(uniqueEmail("used"));
    expect((await verify(token)).status).toBe(200);
    const used = await viewLink(token);
    expect(used.status).toBe(400);
    expect(await errorOf(used)).toEqual({
      code: "link_used",
      message: "This sign-in link has already been used. Please request a new one.",
    });

    const other = uniqueEmail("expired");
    const expired = await requestLinkToken(other);
    await env.DB.prepare("UPDATE magic_link_tokens SET expires_at = ? WHERE email = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), other)
      .run();
    const late = await viewLink(expired);
    expect(late.status).toBe(400);
    expect(await errorOf(late)).toEqual({
      code: "link_expired",
      message: "This sign-in link has expired. Please request a new one.",
    });

    expect((await api("/api/auth/magic-link")).status).toBe(400);
  });

  it("the page of a link shows the masked address and a button, and signs nobody in", async () => {
    const email = uniqueEmail("page");
    const token = await requestLinkToken(email);
    const page = await api(`/auth/verify?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain(`Sign in as ${email.slice(0, 2)}***@example.com`);
    const used = await env.DB.prepare("SELECT used_at FROM magic_link_tokens WHERE email = ?").bind(email).first();
    expect(used?.used_at).toBeNull();

    // A refused link is a 404 page, saying why.
    const refused = await api("/auth/verify?token=not-a-real-token");
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("This sign-in link is invalid. Please request a new one.");
  });
});
