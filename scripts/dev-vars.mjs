// The development values of the Worker's variables. wrangler.toml holds production-safe values
// (decision record 062); a local run gets these from .dev.vars (written by `npm start` / `npm run
// dev`), and the browser tests, the benchmarks and the vitest Worker pool pass them explicitly.
// Plain data: vitest.config.ts imports it as well.

/** @type {Readonly<Record<string, string>>} */
export const DEV_VARS = Object.freeze({
  ENVIRONMENT: "development",
  SITE_URL: "http://localhost:8787",
  MAIL_PROVIDER: "outbox",
  FROM_EMAIL: "hello@earthkind.local",
  REPLY_TO: "team@earthkind.local",
  CONTACT_TO: "team@earthkind.local",
  // Production's D1 limits, checked on every statement (decision 178).
  D1_LIMITS: "enforce",
});
