import { isLocale, type Locale } from "#contract/i18n/locales";
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
  | { type: "fanout"; campaignId: string; waveId?: string; after: string | null; waits?: number }
  | { type: "weekly"; campaignId: string; waveId?: string; subscriberIds: string[] }
  /**
   * The welcome. `confirmToken` (a pending new signup, decision 182) is its confirmation link's secret:
   * the welcome then asks to confirm, or a plain confirmation email goes instead when the welcome is off.
   */
  | { type: "welcome"; subscriberId: string; requestedAt: string; confirmToken?: string; locale?: Locale }
  /**
   * "Confirm you want the weekly email again" for a returning address; `token` is the link's secret. `locale`
   * (here and on a confirmation) is the language of the signup that asked, which the row takes only when its owner
   * confirms; without it the row's own.
   */
  | { type: "reconfirm"; subscriberId: string; token: string; requestedAt: string; locale?: Locale }
  | { type: "contact"; messageId: string }
  /** A page of an ended campaign's ledger clean-up (retention, decision 246). */
  | { type: "ledger-prune"; campaignId: string }
  /** An email about an event reminder (decision 253): its row in `event_reminder_mails` says which and to whom. */
  | { type: "event-reminder"; mailId: string };

/** Everything the sending code needs, passed in so tests can use a provider that talks to a fake API. */
export type EmailDeps = {
  db: Db;
  kv: KVNamespace;
  config: Config;
  queue: Queue<EmailJob>;
  provider: MailProvider;
  eventsNear: EventsNear;
  /**
   * The recipient's "I did it" link for the weekly email (decision 196), or null for none. Wired in by the app
   * (worker/jobs/queue.ts), so the email feature does not import the feature that signs it.
   */
  didItUrl: (
    to: { subscriberId: string; actionId: string; campaignId: string },
    now: Date,
    locale: Locale,
  ) => Promise<string | null>;
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
      return (
        typeof b.campaignId === "string" &&
        (b.waveId === undefined || typeof b.waveId === "string") &&
        (b.after === null || typeof b.after === "string") &&
        (b.waits === undefined || typeof b.waits === "number")
      );
    case "weekly":
      return (
        typeof b.campaignId === "string" &&
        (b.waveId === undefined || typeof b.waveId === "string") &&
        Array.isArray(b.subscriberIds) &&
        b.subscriberIds.every((s) => typeof s === "string")
      );
    case "welcome":
      return (
        typeof b.subscriberId === "string" &&
        typeof b.requestedAt === "string" &&
        (b.confirmToken === undefined || typeof b.confirmToken === "string") &&
        (b.locale === undefined || isLocale(b.locale))
      );
    case "reconfirm":
      return (
        typeof b.subscriberId === "string" &&
        typeof b.token === "string" &&
        typeof b.requestedAt === "string" &&
        (b.locale === undefined || isLocale(b.locale))
      );
    case "contact":
      return typeof b.messageId === "string";
    case "ledger-prune":
      return typeof b.campaignId === "string";
    case "event-reminder":
      return typeof b.mailId === "string";
    default:
      return false;
  }
}

/** Queue.sendBatch takes at most 256 KB in total; stay well below. */
const MAX_SEND_BATCH_BYTES = 200_000;

/** Sends jobs in chunks within the Queues limits (100 messages, 256 KB per sendBatch). */
/** Recipient jobs of ≤ RECIPIENTS_PER_JOB ids each. */
export function recipientJobs(campaignId: string, waveId: string | null, ids: string[]): EmailJob[] {
  const jobs: EmailJob[] = [];
  for (let i = 0; i < ids.length; i += RECIPIENTS_PER_JOB) {
    const subscriberIds = ids.slice(i, i + RECIPIENTS_PER_JOB);
    jobs.push(
      waveId ? { type: "weekly", campaignId, waveId, subscriberIds } : { type: "weekly", campaignId, subscriberIds },
    );
  }
  return jobs;
}

export async function enqueueAll(queue: Queue<EmailJob>, jobs: EmailJob[]): Promise<void> {
  let chunk: MessageSendRequest<EmailJob>[] = [];
  let bytes = 0;
  for (const body of jobs) {
    const size = JSON.stringify(body).length + 100;
    if (chunk.length === MAX_SEND_BATCH || (chunk.length > 0 && bytes + size > MAX_SEND_BATCH_BYTES)) {
      await queue.sendBatch(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push({ body });
    bytes += size;
  }
  if (chunk.length > 0) await queue.sendBatch(chunk);
}

/** Exponential backoff for failed attempts: 30 s, 60 s, 2 min … capped at 15 min. */
export const backoffSeconds = (attempts: number) => Math.min(900, 30 * 2 ** Math.max(0, attempts - 1));
