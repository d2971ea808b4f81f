import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMailDomain } from "../../scripts/mail-check.mjs";

/** A fake Resend and Postmark at the HTTP boundary: the requests it saw, and the domains it knows. */
const seen: { path: string; auth: string | undefined }[] = [];
let resendStatus = "pending";
let postmarkDkim = false;
const server = createServer((req: IncomingMessage, res) => {
  const path = req.url ?? "";
  seen.push({ path, auth: req.headers.authorization ?? (req.headers["x-postmark-account-token"] as string) });
  const json = (body: unknown, status = 200) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (req.headers.authorization && req.headers.authorization !== "Bearer re_good") return json({ message: "no" }, 401);
  if (path === "/domains") return json({ data: [{ id: "d-1", name: "earthkind.org", status: resendStatus }] });
  if (path === "/domains/d-1")
    return json({
      id: "d-1",
      name: "earthkind.org",
      status: resendStatus,
      records: [
        { record: "SPF", type: "MX", name: "send", value: "feedback-smtp.us-east-1.amazonses.com", status: "verified" },
        { record: "SPF", type: "TXT", name: "send", value: "v=spf1 include:amazonses.com ~all", status: resendStatus },
        { record: "DKIM", type: "TXT", name: "resend._domainkey", value: "p=MIGf", status: resendStatus },
      ],
    });
  if (path.startsWith("/domains?count=")) return json({ TotalCount: 1, Domains: [{ ID: 7, Name: "earthkind.org" }] });
  if (path === "/domains/7")
    return json({
      ID: 7,
      Name: "earthkind.org",
      DKIMVerified: postmarkDkim,
      DKIMPendingHost: "20261205._domainkey.earthkind.org",
      DKIMPendingTextValue: "k=rsa;p=MIGf",
      ReturnPathDomain: "pm-bounces.earthkind.org",
      ReturnPathDomainCNAMEValue: "pm.mtasv.net",
      ReturnPathDomainVerified: true,
    });
  json({ message: "not found" }, 404);
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (provider: string, from = "hello@earthkind.org") => ({
  vars: { MAIL_PROVIDER: provider, FROM_EMAIL: from },
});

describe("npm run mail:check (issue 44)", () => {
  it("lists the Resend records still missing, then passes once the domain is verified", async () => {
    seen.length = 0;
    resendStatus = "pending";
    const pending = await checkMailDomain({
      config: config("resend"),
      env: { MAIL_API_KEY: "re_good", MAIL_API_BASE_URL: base },
    });
    expect(seen.map((s) => s.path)).toEqual(["/domains", "/domains/d-1"]);
    expect(seen.every((s) => s.auth === "Bearer re_good")).toBe(true);
    expect(pending.verified).toBe(false);
    expect(pending.problems).toHaveLength(1);
    expect(pending.problems[0]).toMatch(/earthkind\.org is not verified with resend \(status pending\)/);
    expect(pending.problems[0]).toContain("DKIM: TXT resend._domainkey → p=MIGf");
    expect(pending.problems[0]).toContain("SPF: TXT send → v=spf1 include:amazonses.com ~all");
    expect(pending.problems[0]).not.toContain("feedback-smtp"); // verified already
    expect(pending.problems[0]).not.toContain("re_good");

    resendStatus = "verified";
    const verified = await checkMailDomain({
      config: config("resend"),
      env: { MAIL_API_KEY: "re_good", MAIL_API_BASE_URL: base },
    });
    expect(verified).toMatchObject({ verified: true, problems: [] });
  });

  it("says when the domain was never added, the key is wrong, or there is no key to ask with", async () => {
    const env = { MAIL_API_KEY: "re_good", MAIL_API_BASE_URL: base };
    expect((await checkMailDomain({ config: config("resend", "hi@other.org"), env })).problems[0]).toMatch(
      /other\.org is not added to resend/,
    );
    expect(
      (await checkMailDomain({ config: config("resend"), env: { ...env, MAIL_API_KEY: "re_bad" } })).problems[0],
    ).toMatch(/could not be asked \(\/domains answered 401\); check MAIL_API_KEY/);
    expect((await checkMailDomain({ config: config("resend"), env: {} })).problems[0]).toMatch(
      /MAIL_API_KEY is not in this shell's environment/,
    );
  });

  it("asks Postmark's account-level Domains API with the account token", async () => {
    seen.length = 0;
    postmarkDkim = false;
    const env = { POSTMARK_ACCOUNT_TOKEN: "pm-account", MAIL_API_BASE_URL: base };
    const pending = await checkMailDomain({ config: config("postmark"), env });
    expect(seen).toEqual([
      { path: "/domains?count=500&offset=0", auth: "pm-account" },
      { path: "/domains/7", auth: "pm-account" },
    ]);
    expect(pending.problems[0]).toContain("DKIM: TXT 20261205._domainkey.earthkind.org → k=rsa;p=MIGf");
    postmarkDkim = true;
    expect(await checkMailDomain({ config: config("postmark"), env })).toMatchObject({ verified: true, problems: [] });
  });
});
