import type { Finding } from "#contract/security/schemas";
import { botCheckOffReason, type Config, MIN_JWT_SECRET_LENGTH } from "../../platform/config";

/** The spec's suggested OTP (magic-link) expiry. */
export const MAX_MAGIC_LINK_TTL_MINUTES = 10;
const PLACEHOLDER_WORDS =
  /secret|change.?me|password|example|default|sample|placeholder|dummy|test|local|dev|1234|abcd|qwerty/i;

const isLocalHost = (url: string) => {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
};

/** A secret that reads like words or repeats a few characters was typed by a person, not generated. */
export function looksWeak(secret: string): boolean {
  return PLACEHOLDER_WORDS.test(secret) || new Set(secret).size < 12;
}

/** Checks of this deployment's configuration (secrets and variables), no database needed. */
export function configFindings(config: Config): Finding[] {
  const findings: Finding[] = [];
  const secret = config.JWT_SECRET;
  if (!secret) {
    findings.push({
      id: "jwt-secret-missing",
      title: "JWT_SECRET is not set",
      description: "Access tokens cannot be signed or verified, so nobody can sign in.",
      severity: "critical",
      category: "secrets",
      remediation:
        "Set a random secret of at least 32 characters: `openssl rand -hex 32 | wrangler secret put JWT_SECRET`.",
    });
  } else if (secret.length < MIN_JWT_SECRET_LENGTH) {
    findings.push({
      id: "jwt-secret-short",
      title: "JWT_SECRET is too short",
      description: `The access-token key has ${secret.length} characters; fewer than ${MIN_JWT_SECRET_LENGTH} would make HS256 tokens guessable offline, so every sign-in is refused (503 configuration_error) until it is replaced.`,
      severity: "critical",
      category: "secrets",
      remediation:
        "Replace it with `openssl rand -hex 32 | wrangler secret put JWT_SECRET` (everyone is signed out once).",
    });
  } else if (looksWeak(secret)) {
    findings.push({
      id: "jwt-secret-weak",
      title: "JWT_SECRET looks like a default or hand-typed value",
      description:
        "The access-token key contains common words or very few distinct characters. Anyone who guesses it can mint admin tokens.",
      severity: "high",
      category: "secrets",
      remediation: "Replace it with a generated value: `openssl rand -hex 32 | wrangler secret put JWT_SECRET`.",
    });
  }

  if (config.MAIL_PROVIDER !== "outbox" && !config.MAIL_API_KEY) {
    findings.push({
      id: "mail-api-key-missing",
      title: "MAIL_API_KEY is not set",
      description: `MAIL_PROVIDER is "${config.MAIL_PROVIDER}" but its API key is missing, so sign-in links and newsletters cannot be sent.`,
      severity: "high",
      category: "secrets",
      remediation: "Add the provider's API key: `wrangler secret put MAIL_API_KEY`.",
    });
  }
  if (config.MAIL_PROVIDER === "outbox" && config.ENVIRONMENT === "production") {
    findings.push({
      id: "mail-outbox-in-production",
      title: "Configuration error: the outbox mail provider in production",
      description:
        'MAIL_PROVIDER is "outbox" in production. The outbox is refused there, so no email (sign-in links included) is sent or stored.',
      severity: "high",
      category: "configuration",
      remediation: "Set MAIL_PROVIDER to resend or postmark and add MAIL_API_KEY.",
    });
  }
  if (config.configErrors.some((e) => e.startsWith("ENVIRONMENT"))) {
    findings.push({
      id: "environment-unknown",
      title: "Configuration error: unknown ENVIRONMENT",
      description: config.configErrors.filter((e) => e.startsWith("ENVIRONMENT")).join(" "),
      severity: "high",
      category: "configuration",
      remediation: 'Set ENVIRONMENT to "production" in wrangler.toml (development values belong in .dev.vars).',
    });
  }
  const botCheckOff = botCheckOffReason(config);
  if (botCheckOff) {
    // Off in production, or half configured anywhere, is a configuration error (the admin banner's too).
    const error = config.configErrors.includes(botCheckOff);
    findings.push({
      id: "bot-protection-off",
      title: error ? "Configuration error: bot protection is off" : "Bot protection is off",
      description: error
        ? `${botCheckOff} Scripts can sign up any address, flood the team's inbox, fill the moderation queue and send sign-in emails to strangers, limited only by the per-client limits.`
        : `${botCheckOff} That is expected in local development and tests; production needs it.`,
      severity: error ? "high" : "info",
      category: "configuration",
      remediation:
        "Create a Turnstile widget for the site's hostname in the Cloudflare dashboard, put its site key in TURNSTILE_SITE_KEY (wrangler.toml) and its secret with `wrangler secret put TURNSTILE_SECRET_KEY`.",
    });
  }
  if (!config.FROM_EMAIL) {
    findings.push({
      id: "from-email-missing",
      title: "FROM_EMAIL is not set",
      description: "Emails go out from a placeholder address that mail providers will reject or mark as spam.",
      severity: "medium",
      category: "configuration",
      remediation: "Set FROM_EMAIL to an address on a domain verified with the mail provider.",
    });
  }

  if (config.MAGIC_LINK_TTL_MINUTES > MAX_MAGIC_LINK_TTL_MINUTES) {
    findings.push({
      id: "magic-link-expiry-long",
      title: "Magic links stay valid too long",
      description: `Sign-in links expire after ${config.MAGIC_LINK_TTL_MINUTES} minutes; a link found later in a mailbox or log can still sign someone in.`,
      severity: "medium",
      category: "authentication",
      remediation: `Set MAGIC_LINK_TTL_MINUTES to ${MAX_MAGIC_LINK_TTL_MINUTES} or less.`,
      affected_table: "magic_link_tokens",
    });
  }

  if (config.ENVIRONMENT === "development" && !isLocalHost(config.SITE_URL)) {
    findings.push({
      id: "development-mode-public",
      title: "Development mode on a public address",
      description: `ENVIRONMENT is "development" while SITE_URL is ${config.SITE_URL}: the local mailbox at /dev/mailbox shows every stored email, sign-in links included, to anyone.`,
      severity: "critical",
      category: "configuration",
      remediation: 'Set ENVIRONMENT to "production" for any deployment that is reachable from the internet.',
      affected_table: "outbox_messages",
    });
  }
  if (config.ENVIRONMENT === "production" && new URL(config.SITE_URL).protocol !== "https:") {
    findings.push({
      id: "site-url-not-https",
      title: "SITE_URL is not HTTPS",
      description:
        "Sign-in links in emails point at an unencrypted address, where they can be read and used by others.",
      severity: "high",
      category: "transport",
      remediation: "Set SITE_URL to the site's https:// address.",
    });
  }
  if (!config.POSTAL_ADDRESS && config.ENVIRONMENT === "production") {
    findings.push({
      id: "postal-address-missing",
      title: "POSTAL_ADDRESS is not set",
      description: "Newsletters must carry the sender's postal address (CAN-SPAM).",
      severity: "low",
      category: "compliance",
      remediation: "Set POSTAL_ADDRESS to the organisation's mailing address.",
    });
  }
  if (config.MAIL_PROVIDER !== "outbox" && !config.MAIL_WEBHOOK_SECRET) {
    findings.push({
      id: "mail-webhook-secret-missing",
      title: "Bounce and complaint webhooks are off",
      description: `MAIL_PROVIDER is ${config.MAIL_PROVIDER} but MAIL_WEBHOOK_SECRET is not set, so /api/webhooks/mail/${config.MAIL_PROVIDER} refuses every event: bounced and complaining addresses keep getting mail, which hurts deliverability for everyone.`,
      severity: "high",
      category: "email",
      remediation: `Register the webhook with ${config.MAIL_PROVIDER} (see README) and add its secret with \`wrangler secret put MAIL_WEBHOOK_SECRET\`.`,
      affected_table: "email_suppressions",
    });
  }
  for (const [name, source] of [
    ["NPS_API_KEY", "national parks"],
    ["FIRECRAWL_API_KEY", "crawl-based"],
  ] as const) {
    if (!config[name]) {
      findings.push({
        id: `${name.toLowerCase().replaceAll("_", "-")}-missing`,
        title: `${name} is not set`,
        description: `The ${source} event source cannot run without it.`,
        severity: "low",
        category: "secrets",
        remediation: `Add it with \`wrangler secret put ${name}\`, or ignore this if that source is not used.`,
      });
    }
  }
  return findings;
}
