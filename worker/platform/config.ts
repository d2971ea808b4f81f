import { z } from "zod";
import type { AppEnv } from "./env";

const ENVIRONMENTS = ["development", "test", "production"] as const;
type Environment = (typeof ENVIRONMENTS)[number];

const configSchema = z.object({
  // An unknown value must not take every page down with it: it counts as production and is
  // reported as a configuration error (configErrors), the safe reading of a typo.
  ENVIRONMENT: z
    .string()
    .optional()
    .transform(
      (v): Environment => ((ENVIRONMENTS as readonly string[]).includes(v ?? "") ? (v as Environment) : "production"),
    ),
  SITE_URL: z.url(),
  SITE_NAME: z.string().min(1).default("Earthkind"),
  SITE_TIMEZONE: z.string().min(1).default("America/Los_Angeles"),
  MAIL_PROVIDER: z.enum(["outbox", "resend", "postmark"]).default("resend"),
  MAIL_API_KEY: z.string().optional(),
  MAIL_API_BASE_URL: z.string().optional(),
  MAIL_WEBHOOK_SECRET: z.string().optional(),
  /** The HTTP provider's request rate limit; default 2 for Resend (its standard limit), none for Postmark. */
  MAIL_REQUESTS_PER_SECOND: z.coerce.number().positive().max(1000).optional(),
  FROM_EMAIL: z.string().optional(),
  FROM_NAME: z.string().optional(),
  REPLY_TO: z.string().optional(),
  CONTACT_TO: z.string().optional(),
  /** Where operational alerts are emailed; REPLY_TO when unset. */
  ALERT_EMAIL: z.string().optional(),
  /** Server errors (5xx) in the last hour that raise the error-rate alert. */
  ALERT_5XX_PER_HOUR: z.coerce.number().int().min(1).default(50),
  POSTAL_ADDRESS: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  JWT_ISSUER: z.string().default("earthkind"),
  MAGIC_LINK_TTL_MINUTES: z.coerce.number().int().positive().default(10),
  /** Subscribers per weekly fan-out step (tests set it small to exercise paging). */
  EMAIL_FANOUT_PAGE_SIZE: z.coerce.number().int().min(1).max(5000).optional(),
  /** Rows per D1 query of a background export, and queries per export step (tests set both small, decision 250). */
  EXPORT_PAGE_ROWS: z.coerce.number().int().min(1).max(1000).optional(),
  EXPORT_PAGES_PER_STEP: z.coerce.number().int().min(1).max(200).optional(),
  NPS_API_KEY: z.string().optional(),
  FIRECRAWL_API_KEY: z.string().optional(),
  /** Development only: "false" makes ingestion read the real sources instead of local fixtures. */
  INGESTION_FIXTURES: z.enum(["true", "false"]).optional(),
  /** Cloudflare Turnstile: the widget's public site key (a var) and its secret (a secret), decision 184. */
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  /** "true": a new password is also checked against Have I Been Pwned's range API (decision 190). */
  PASSWORD_BREACH_CHECK: z.enum(["true", "false"]).optional(),
});

export type Config = z.infer<typeof configSchema> & {
  siteOrigin: string;
  /**
   * Settings this deployment must not run with, in words an admin can act on. Shown in the admin
   * banner and the security scan; the site keeps serving (safely) meanwhile.
   */
  configErrors: string[];
  /**
   * What an admin should know about a setting that is fine where it is (bot protection off in a local
   * run): shown quietly in the admin banner, never as an error.
   */
  configNotices: string[];
};

type BotCheckKeys = { siteKey: string; secret: string };

/**
 * Bot protection (Cloudflare Turnstile on the public forms, decision 184) is on when both keys are
 * set; with neither (local development, the tests) or only one, the forms take no challenge.
 */
export function botCheckKeys(config: Pick<Config, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">): BotCheckKeys | null {
  const siteKey = config.TURNSTILE_SITE_KEY?.trim();
  const secret = config.TURNSTILE_SECRET_KEY?.trim();
  return siteKey && secret ? { siteKey, secret } : null;
}

/** Why bot protection is off, in words an admin can act on; null when it is on. */
export function botCheckOffReason(config: Pick<Config, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">): string | null {
  if (botCheckKeys(config)) return null;
  const missing = (["TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY"] as const).filter((k) => !config[k]?.trim());
  return `Bot protection is off: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set, so the signup, contact, event submission and sign-in link forms take no challenge.`;
}

/** HS256 needs a key at least as long as its 256-bit output; shorter ones are guessable offline. */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * The settings without which nobody can sign in (access tokens cannot be signed), by name, with why: the one
 * place this is decided. /api/health names them, the admin banner and security scan show them, and every
 * sign-in route answers 503 `configuration_error` instead of failing with a 500 after a link was spent.
 */
export function signInBlockers(config: Pick<Config, "JWT_SECRET">): { setting: string; problem: string }[] {
  const secret = config.JWT_SECRET ?? "";
  if (secret.length >= MIN_JWT_SECRET_LENGTH) return [];
  return [
    {
      setting: "JWT_SECRET",
      problem:
        secret.length === 0
          ? "JWT_SECRET is not set, so nobody can sign in: set a random value of at least 32 characters (npm run setup, or `openssl rand -hex 32 | npx wrangler secret put JWT_SECRET`)."
          : `JWT_SECRET has ${secret.length} characters, fewer than ${MIN_JWT_SECRET_LENGTH}, so nobody can sign in: replace it with a random value of at least 32 characters (npm run setup, or \`openssl rand -hex 32 | npx wrangler secret put JWT_SECRET\`).`,
    },
  ];
}

/** Only a local development or test run may keep mail in the database instead of sending it. */
export const mayUseOutbox = (config: Pick<Config, "ENVIRONMENT">) => config.ENVIRONMENT !== "production";

function configErrorsOf(env: AppEnv, config: z.infer<typeof configSchema>): string[] {
  const errors: string[] = signInBlockers(config).map((b) => b.problem);
  const raw = (env as { ENVIRONMENT?: unknown }).ENVIRONMENT;
  if (raw !== undefined && !(ENVIRONMENTS as readonly unknown[]).includes(raw)) {
    errors.push(
      `ENVIRONMENT is "${String(raw).slice(0, 40)}", which is not one of ${ENVIRONMENTS.join(", ")}: the site runs as production.`,
    );
  }
  if (config.MAIL_PROVIDER === "outbox" && !mayUseOutbox(config)) {
    errors.push('MAIL_PROVIDER is "outbox" in production: email is refused, not stored. Set resend or postmark.');
  }
  // Production needs the bot check; a half-set pair is a mistake anywhere (the widget without a check, or a
  // check no browser can pass, which is why the forms then run without one).
  const botCheckOff = botCheckOffReason(config);
  const halfSet = Boolean(config.TURNSTILE_SITE_KEY?.trim()) !== Boolean(config.TURNSTILE_SECRET_KEY?.trim());
  if (botCheckOff && (config.ENVIRONMENT === "production" || halfSet)) errors.push(botCheckOff);
  return errors;
}

function configNoticesOf(config: z.infer<typeof configSchema>, errors: string[]): string[] {
  const botCheckOff = botCheckOffReason(config);
  return botCheckOff && !errors.includes(botCheckOff)
    ? [`${botCheckOff} That is fine for local development and tests.`]
    : [];
}

const cache = new WeakMap<object, Config>();

/**
 * Parses the environment once per isolate (bindings objects are stable), failing fast with a
 * message that names the bad variable rather than a vague error deep in a handler.
 */
export function getConfig(env: AppEnv): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const blankToUndefined = Object.fromEntries(
    Object.entries(parsed.data).map(([k, v]) => [k, v === "" ? undefined : v]),
  ) as z.infer<typeof configSchema>;
  const configErrors = configErrorsOf(env, parsed.data);
  const config = {
    ...blankToUndefined,
    siteOrigin: new URL(parsed.data.SITE_URL).origin,
    configErrors,
    configNotices: configNoticesOf(parsed.data, configErrors),
  };
  cache.set(env, config);
  return config;
}

export const isDevelopment = (env: AppEnv) => getConfig(env).ENVIRONMENT === "development";
