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
  NPS_API_KEY: z.string().optional(),
  FIRECRAWL_API_KEY: z.string().optional(),
  /** Development only: "false" makes ingestion read the real sources instead of local fixtures. */
  INGESTION_FIXTURES: z.enum(["true", "false"]).optional(),
});

export type Config = z.infer<typeof configSchema> & {
  siteOrigin: string;
  /**
   * Settings this deployment must not run with, in words an admin can act on. Shown in the admin
   * banner and the security scan; the site keeps serving (safely) meanwhile.
   */
  configErrors: string[];
};

/** Only a local development or test run may keep mail in the database instead of sending it. */
export const mayUseOutbox = (config: Pick<Config, "ENVIRONMENT">) => config.ENVIRONMENT !== "production";

function configErrorsOf(env: AppEnv, config: z.infer<typeof configSchema>): string[] {
  const errors: string[] = [];
  const raw = (env as { ENVIRONMENT?: unknown }).ENVIRONMENT;
  if (raw !== undefined && !(ENVIRONMENTS as readonly unknown[]).includes(raw)) {
    errors.push(
      `ENVIRONMENT is "${String(raw).slice(0, 40)}", which is not one of ${ENVIRONMENTS.join(", ")}: the site runs as production.`,
    );
  }
  if (config.MAIL_PROVIDER === "outbox" && !mayUseOutbox(config)) {
    errors.push('MAIL_PROVIDER is "outbox" in production: email is refused, not stored. Set resend or postmark.');
  }
  return errors;
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
  const config = {
    ...blankToUndefined,
    siteOrigin: new URL(parsed.data.SITE_URL).origin,
    configErrors: configErrorsOf(env, parsed.data),
  };
  cache.set(env, config);
  return config;
}

export const isDevelopment = (env: AppEnv) => getConfig(env).ENVIRONMENT === "development";
