// `npm run mail:check`: asks the mail provider whether FROM_EMAIL's domain is verified and which of its DNS records
// (SPF, DKIM, return path) are still missing (decision 238). The deploy's preflight runs the same check.
// Resend: GET /domains and /domains/:id with MAIL_API_KEY (a full-access key). Postmark: the account-level Domains
// API (GET /domains, /domains/:id) with POSTMARK_ACCOUNT_TOKEN (the account's API token, not the server token
// MAIL_API_KEY). MAIL_API_BASE_URL points both at another host (the tests' fake provider). Keys come from the
// environment only and are never printed.

const DEFAULT_BASE = { resend: "https://api.resend.com", postmark: "https://api.postmarkapp.com" };

/** FROM_EMAIL's domain, lower case. */
export const mailDomainOf = (fromEmail) =>
  String(fromEmail ?? "")
    .split("@")
    .pop()
    ?.trim()
    .toLowerCase() ?? "";

async function getJson(fetchFn, url, headers) {
  const res = await fetchFn(url, { headers: { Accept: "application/json", ...headers } });
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  return res.json();
}

/** Resend: the domain's status and the records not yet verified. */
async function resendDomain(fetchFn, base, key, domain) {
  const headers = { Authorization: `Bearer ${key}` };
  const list = await getJson(fetchFn, `${base}/domains`, headers);
  const found = (list.data ?? []).find((d) => String(d.name).toLowerCase() === domain);
  if (!found) return null;
  const detail = await getJson(fetchFn, `${base}/domains/${encodeURIComponent(found.id)}`, headers);
  return {
    verified: detail.status === "verified",
    status: String(detail.status),
    missing: (detail.records ?? [])
      .filter((r) => r.status !== "verified")
      .map((r) => ({ purpose: r.record, type: r.type, name: r.name, value: r.value })),
  };
}

/** Postmark: SPF is optional there (its return path covers alignment); DKIM and the return path must verify. */
async function postmarkDomain(fetchFn, base, token, domain) {
  const headers = { "X-Postmark-Account-Token": token };
  const list = await getJson(fetchFn, `${base}/domains?count=500&offset=0`, headers);
  const found = (list.Domains ?? []).find((d) => String(d.Name).toLowerCase() === domain);
  if (!found) return null;
  const d = await getJson(fetchFn, `${base}/domains/${encodeURIComponent(found.ID)}`, headers);
  const missing = [];
  if (!d.DKIMVerified)
    missing.push({
      purpose: "DKIM",
      type: "TXT",
      name: d.DKIMPendingHost || d.DKIMHost,
      value: d.DKIMPendingTextValue || d.DKIMTextValue,
    });
  if (!d.ReturnPathDomainVerified)
    missing.push({
      purpose: "Return-Path",
      type: "CNAME",
      name: d.ReturnPathDomain || `pm-bounces.${domain}`,
      value: d.ReturnPathDomainCNAMEValue || "pm.mtasv.net",
    });
  return { verified: missing.length === 0, status: missing.length === 0 ? "verified" : "pending", missing };
}

/**
 * @param {{ config: { vars?: Record<string, unknown> }; env: Record<string, string | undefined>; fetch?: typeof fetch }} input
 * @returns {Promise<{ problems: string[]; notes: string[]; domain: string; verified: boolean }>}
 */
export async function checkMailDomain({ config, env, fetch: fetchFn = fetch }) {
  const vars = config.vars ?? {};
  const provider = String(vars.MAIL_PROVIDER ?? "resend");
  const domain = mailDomainOf(vars.FROM_EMAIL);
  const result = { problems: [], notes: [], domain, verified: false };
  if (provider !== "resend" && provider !== "postmark") return result; // the preflight reports the provider itself
  const key = provider === "resend" ? env.MAIL_API_KEY : env.POSTMARK_ACCOUNT_TOKEN;
  const keyName = provider === "resend" ? "MAIL_API_KEY" : "POSTMARK_ACCOUNT_TOKEN";
  if (!key) {
    result.problems.push(
      `mail domain ${domain} not checked: ${keyName} is not in this shell's environment (secrets cannot be read back from Cloudflare). Run \`${keyName}=… npm run mail:check\` or the deploy with it set (docs/deploy.md, "Mail that arrives")`,
    );
    return result;
  }
  const base = (env.MAIL_API_BASE_URL || DEFAULT_BASE[provider]).replace(/\/$/, "");
  let found;
  try {
    found = await (provider === "resend" ? resendDomain : postmarkDomain)(fetchFn, base, key, domain);
  } catch (error) {
    result.problems.push(
      `mail domain ${domain}: ${provider} could not be asked (${error instanceof Error ? error.message : error}); check ${keyName}`,
    );
    return result;
  }
  if (!found) {
    result.problems.push(
      `mail domain ${domain} is not added to ${provider}: add it in the ${provider} dashboard (Domains › Add domain), then publish the records it lists (docs/deploy.md)`,
    );
    return result;
  }
  result.verified = found.verified;
  if (!found.verified) {
    const records = found.missing.map((r) => `${r.purpose}: ${r.type} ${r.name} → ${r.value}`).join("; ");
    result.problems.push(
      `mail domain ${domain} is not verified with ${provider} (status ${found.status})${records ? `; publish these DNS records, then verify in the dashboard: ${records}` : ""}`,
    );
  }
  return result;
}

// Run as `npm run mail:check`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: process.env.WRANGLER_CONFIG ?? "wrangler.toml" });
  const result = await checkMailDomain({ config, env: process.env });
  for (const note of result.notes) console.log(`  note: ${note}`);
  if (result.problems.length > 0) {
    console.error(result.problems.map((p) => `✗ ${p}`).join("\n"));
    process.exit(1);
  }
  console.log(`✓ mail domain ${result.domain} is verified with ${config.vars?.MAIL_PROVIDER ?? "resend"}`);
}
