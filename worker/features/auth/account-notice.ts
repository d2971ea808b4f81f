import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { createMailProvider } from "../../platform/mail/provider";
import type { MailMessage } from "../../platform/mail/types";

/**
 * Sends one account notice (a changed password, a changed second factor). The change already happened, so
 * a mail failure is logged rather than undoing or failing it. Account mail: the suppression list does not
 * stop it (decision 181).
 */
export async function sendAccountNotice(db: Db, config: Config, message: MailMessage, idempotencyKey: string) {
  try {
    const [result] = await createMailProvider(config, db).sendBatch([{ ...message, idempotencyKey }]);
    if (result?.ok !== true) console.error("account notice: provider refused the message", idempotencyKey, result);
  } catch (err) {
    console.error("account notice: sending failed", idempotencyKey, err);
  }
}
