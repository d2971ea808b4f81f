import { type Config, mayUseOutbox } from "../config";
import type { Db } from "../db";
import type { FetchLike } from "./http";
import { OutboxProvider } from "./outbox";
import type { MailPacer } from "./pacer";
import { sharedPacer } from "./pacer-client";
import { PostmarkProvider } from "./postmark";
import { ResendProvider } from "./resend";
import { withSuppressions } from "./suppressions";
import type { MailProvider, Sender } from "./types";

const OUTBOX_REFUSED = 'MAIL_PROVIDER "outbox" is refused in production; configure resend or postmark';

/** Fails every message without storing it: what a production deployment left on `outbox` gets. */
const refusedProvider: MailProvider = {
  name: "outbox-refused",
  maxBatchSize: 100,
  sendBatch: async (messages) => messages.map(() => ({ ok: false, error: OUTBOX_REFUSED, retryable: false })),
  checkConnection: async () => ({ ok: false, details: OUTBOX_REFUSED }),
};

/** Requests per second the Resend adapter paces to by default: 95 % of Resend's standard 2. */
export const RESEND_PACED_RATE = 1.9;

export function senderFrom(config: Config): Sender {
  return {
    fromEmail: config.FROM_EMAIL ?? "hello@earthkind.local",
    fromName: config.FROM_NAME ?? config.SITE_NAME,
    replyTo: config.REPLY_TO,
  };
}

/**
 * The configured provider, behind the suppression list (no marketing mail to a suppressed address;
 * account mail goes out regardless, decision 181).
 * The HTTP adapters take an optional `fetch` so tests can answer for the remote API at the HTTP
 * boundary; MAIL_API_BASE_URL points them at another origin (a local fake).
 */
export type MailProviderOptions = {
  fetch?: FetchLike;
  /** The MAIL_PACER binding: requests wait for slots of the schedule every consumer shares (decision 208). */
  pacer?: DurableObjectNamespace<MailPacer>;
};

export function createMailProvider(config: Config, db: Db, options: MailProviderOptions = {}): MailProvider {
  return withSuppressions(providerFor(config, db, options), db);
}

function providerFor(config: Config, db: Db, options: MailProviderOptions): MailProvider {
  const sender = senderFrom(config);
  switch (config.MAIL_PROVIDER) {
    case "outbox":
      // In production the outbox would quietly swallow every sign-in link: refuse instead, so each
      // send fails visibly (and the configuration error shows in the admin banner and the scan).
      return mayUseOutbox(config) ? new OutboxProvider(db, sender) : refusedProvider;
    case "resend":
    case "postmark": {
      if (!config.MAIL_API_KEY) throw new Error(`MAIL_API_KEY is required for the ${config.MAIL_PROVIDER} provider`);
      const baseUrl = config.MAIL_API_BASE_URL;
      const http = {
        apiKey: config.MAIL_API_KEY,
        baseUrl,
        fetch: options.fetch,
        // Resend allows 2 requests per second unless raised for the account; pacing a little under it keeps
        // network jitter from turning into 429s. Postmark has no fixed rate.
        requestsPerSecond:
          config.MAIL_REQUESTS_PER_SECOND ?? (config.MAIL_PROVIDER === "resend" ? RESEND_PACED_RATE : undefined),
        // One schedule per provider account as this deployment sees it: the provider and its API origin.
        sharedPacer: options.pacer && sharedPacer(options.pacer, `${config.MAIL_PROVIDER}:${baseUrl ?? "default"}`),
      };
      return config.MAIL_PROVIDER === "resend" ? new ResendProvider(http, sender) : new PostmarkProvider(http, sender);
    }
  }
}
