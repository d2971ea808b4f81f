import { z } from "zod";
import type { AppEnv } from "./env";

const configSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  SITE_URL: z.url(),
  SITE_NAME: z.string().min(1).default("Earthkind"),
  SITE_TIMEZONE: z.string().min(1).default("America/Los_Angeles"),
  MAIL_PROVIDER: z.enum(["outbox", "resend", "postmark"]).default("outbox"),
  MAIL_API_KEY: z.string().optional(),
  MAIL_API_BASE_URL: z.string().optional(),
  FROM_EMAIL: z.string().optional(),
  FROM_NAME: z.string().optional(),
  REPLY_TO: z.string().optional(),
  CONTACT_TO: z.string().optional(),
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

export type Config = z.infer<typeof configSchema> & { siteOrigin: string };

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
  const config = { ...blankToUndefined, siteOrigin: new URL(parsed.data.SITE_URL).origin };
  cache.set(env, config);
  return config;
}

export const isDevelopment = (env: AppEnv) => getConfig(env).ENVIRONMENT === "development";
