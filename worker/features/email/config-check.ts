import type { Config } from "../../platform/config";

/**
 * The email variables that are missing for the configured provider (spec: check-email-config).
 * MAIL_API_KEY only matters for the HTTP providers; the local outbox needs none.
 */
export function missingEmailVars(config: Config): string[] {
  const required: [string, string | undefined][] = [
    ["FROM_EMAIL", config.FROM_EMAIL],
    ["FROM_NAME", config.FROM_NAME],
    ["REPLY_TO", config.REPLY_TO],
    ["SITE_URL", config.SITE_URL],
    ["POSTAL_ADDRESS", config.POSTAL_ADDRESS],
  ];
  if (config.MAIL_PROVIDER !== "outbox") required.push(["MAIL_API_KEY", config.MAIL_API_KEY]);
  return required.filter(([, value]) => !value?.trim()).map(([name]) => name);
}
