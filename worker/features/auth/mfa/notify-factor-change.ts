import type { Config } from "../../../platform/config";
import type { Db } from "../../../platform/db";
import { siteFromConfig } from "../../email/content";
import { sendAccountNotice } from "../account-notice";
import { memberLocaleById } from "../member-locale";
import { type FactorChange, factorChangeEmail } from "./factor-change-email";

/** Emails the account about a change of its second factors (decision 213); the audit log records it too. */
export async function notifyFactorChange(
  db: Db,
  config: Config,
  user: { id: string; email: string },
  change: FactorChange,
  browser: string | null,
  at = new Date(),
) {
  const locale = await memberLocaleById(db, user.id);
  const message = factorChangeEmail({ to: user.email, site: siteFromConfig(config), change, browser, at, locale });
  await sendAccountNotice(db, config, message, `factor-change:${user.id}:${change.kind}:${at.getTime()}`);
}
