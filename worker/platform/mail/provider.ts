import type { Config } from "../config";
import type { Db } from "../db";
import { OutboxProvider } from "./outbox";
import type { MailProvider, Sender } from "./types";

export function senderFrom(config: Config): Sender {
  return {
    fromEmail: config.FROM_EMAIL ?? "hello@earthkind.local",
    fromName: config.FROM_NAME ?? config.SITE_NAME,
    replyTo: config.REPLY_TO,
  };
}

/** The configured provider. Remote providers are added beside `outbox` behind the same interface. */
export function createMailProvider(config: Config, db: Db): MailProvider {
  switch (config.MAIL_PROVIDER) {
    case "outbox":
      return new OutboxProvider(db, senderFrom(config));
    default:
      throw new Error(`Mail provider "${config.MAIL_PROVIDER}" is not supported yet`);
  }
}
