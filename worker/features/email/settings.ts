import {
  DEFAULT_EMAIL_SETTINGS,
  EMAIL_SETTINGS_KEY,
  type EmailSettings,
  emailSettingsSchema,
} from "#contract/email/schemas";
import type { Db } from "../../platform/db";
import { readSetting, writeSetting } from "../../platform/settings";

/**
 * The email_settings record merged over the spec's defaults: a field that was never saved, or was
 * saved in a shape we no longer accept, falls back to its default instead of breaking the welcome mail.
 */
export async function readEmailSettings(db: Db, kv: KVNamespace): Promise<EmailSettings> {
  const stored = await readSetting<Partial<EmailSettings>>(db, kv, EMAIL_SETTINGS_KEY);
  const merged = { ...DEFAULT_EMAIL_SETTINGS, ...(stored && typeof stored === "object" ? stored : {}) };
  const parsed = emailSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_EMAIL_SETTINGS;
}

export async function saveEmailSettings(db: Db, kv: KVNamespace, value: EmailSettings): Promise<EmailSettings> {
  await writeSetting(db, kv, EMAIL_SETTINGS_KEY, value);
  return value;
}
