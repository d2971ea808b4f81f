/**
 * The Worker's bindings: `Env` is generated from wrangler.toml by `npm run typegen`
 * (worker-configuration.d.ts); secrets are not in wrangler.toml, so they are declared here.
 */
export type Secrets = {
  /** HS256 key for access tokens; at least 32 characters. */
  JWT_SECRET?: string;
  /** API key of the HTTP mail provider (resend or postmark). */
  MAIL_API_KEY?: string;
  /** National Park Service API key for the `nps` ingestion source. */
  NPS_API_KEY?: string;
  /** Firecrawl API key for the crawl-based ingestion source. */
  FIRECRAWL_API_KEY?: string;
  /** Development only: "false" reads the real ingestion sources instead of local fixtures. */
  INGESTION_FIXTURES?: string;
  /** Where operational alerts are emailed (falls back to REPLY_TO); a plain variable, not secret. */
  ALERT_EMAIL?: string;
  /** Server errors per hour that raise the error-rate alert (default 50). */
  ALERT_5XX_PER_HOUR?: string;
  /**
   * Authenticates the mail providers' bounce/complaint webhooks: Resend's Svix signing secret
   * (`whsec_…`), and the basic-auth password in Postmark's webhook URL.
   */
  MAIL_WEBHOOK_SECRET?: string;
  /** The HTTP mail provider's request rate limit (default 2 per second for Resend). */
  MAIL_REQUESTS_PER_SECOND?: string;
  /**
   * Development, tests and benchmarks only: "enforce" checks every D1 statement against production's limits,
   * which local workerd does not all enforce, and counts D1 queries per invocation (decision 178).
   */
  D1_LIMITS?: string;
  /** Cloudflare Turnstile's secret for siteverify (decision 184); with TURNSTILE_SITE_KEY it turns the bot check on. */
  TURNSTILE_SECRET_KEY?: string;
  /** Overrides a mail provider's API base URL (used to point tests at a local fake). */
  MAIL_API_BASE_URL?: string;
};

export type AppEnv = Env & Secrets;
