import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import type { MailProvider } from "../../platform/mail/types";
import type { EventsNear } from "./content-types";

export const EMAIL_QUEUE_NAME = "earthkind-email";

/**
 * Messages on the email queue. Recipient batches carry subscriber ids only: the consumer reads each
 * subscriber fresh, so someone who unsubscribed after the batch was enqueued is skipped.
 */
export type EmailJob =
  | { type: "fanout"; campaignId: string; after: string | null }
  | { type: "weekly"; campaignId: string; subscriberIds: string[] }
  | { type: "welcome"; subscriberId: string; requestedAt: string }
  | { type: "contact"; messageId: string };

/** Everything the sending code needs, passed in so tests can use a provider that talks to a fake API. */
export type EmailDeps = {
  db: Db;
  kv: KVNamespace;
  config: Config;
  queue: Queue<EmailJob>;
  provider: MailProvider;
  eventsNear: EventsNear;
  now: () => Date;
};

/** Recipients per queue message: one provider call each (Resend's batch limit; Postmark takes more). */
export const RECIPIENTS_PER_JOB = 100;
/** Queue.sendBatch takes at most 100 messages. */
export const MAX_SEND_BATCH = 100;

export function isEmailJob(body: unknown): body is EmailJob {
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  switch (b.type) {
    case "fanout":
      return typeof b.campaignId === "string" && (b.after === null || typeof b.after === "string");
    case "weekly":
      return (
        typeof b.campaignId === "string" &&
        Array.isArray(b.subscriberIds) &&
        b.subscriberIds.every((s) => typeof s === "string")
      );
    case "welcome":
      return typeof b.subscriberId === "string" && typeof b.requestedAt === "string";
    case "contact":
      return typeof b.messageId === "string";
    default:
      return false;
  }
}

/** Sends jobs in chunks of at most 100 (the Queues limit). */
export async function enqueueAll(queue: Queue<EmailJob>, jobs: EmailJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += MAX_SEND_BATCH) {
    await queue.sendBatch(jobs.slice(i, i + MAX_SEND_BATCH).map((body) => ({ body })));
  }
}

/** Exponential backoff for failed attempts: 30 s, 60 s, 2 min … capped at 15 min. */
export const backoffSeconds = (attempts: number) => Math.min(900, 30 * 2 ** Math.max(0, attempts - 1));
