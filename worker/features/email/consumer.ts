import { eq } from "drizzle-orm";
import pMap from "p-map";
import { LEDGER_PAGE_STATEMENTS } from "#contract/retention/windows";
import { emailCampaigns } from "../../../db/schema";
import { getConfig } from "../../platform/config";
import { createDb } from "../../platform/db";
import type { AppEnv } from "../../platform/env";
import { createMailProvider } from "../../platform/mail/provider";
import type { MailProvider } from "../../platform/mail/types";
import { completeIfDone } from "./campaigns";
import { type EventsNear, noEvents } from "./content-types";
import { type ContentCache, deliverWeeklyBatch } from "./deliver-weekly";
import { runFanoutStep } from "./fanout";
import { backoffSeconds, type EmailDeps, type EmailJob, isEmailJob } from "./jobs";
import { ledger } from "./ledger-sql";
import { deliverReconfirm } from "./reconfirm-email";
import { deliverWelcome } from "./welcome";

/** The sending dependencies from the Worker's bindings; `eventsNear` and `didItUrl` are wired in by the app. */
export function emailDepsFromEnv(env: AppEnv, overrides: Partial<EmailDeps> = {}): EmailDeps {
  const config = overrides.config ?? getConfig(env);
  const db = overrides.db ?? createDb(env.DB);
  return {
    db,
    kv: env.KV,
    config,
    queue: env.EMAIL_QUEUE as Queue<EmailJob>,
    // Every consumer invocation asks the one MailPacer for its send slots (decision 208).
    provider: overrides.provider ?? providerOrError(() => createMailProvider(config, db, { pacer: env.MAIL_PACER })),
    eventsNear: noEvents,
    didItUrl: async () => null,
    now: () => new Date(),
    ...overrides,
  };
}

/**
 * A misconfigured provider (say MAIL_API_KEY missing) must not stop the cron tick or crash the
 * consumer: sends fail as retryable with the reason, so fixing the variable lets retries succeed.
 */
function providerOrError(create: () => MailProvider): MailProvider {
  try {
    return create();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return {
      name: "unconfigured",
      maxBatchSize: 100,
      sendBatch: async (messages) => messages.map(() => ({ ok: false as const, error: reason, retryable: true })),
      checkConnection: async () => ({ ok: false, details: reason }),
    };
  }
}

type Outcome = { retryAfterSeconds?: number };

/**
 * Jobs other features put on the email queue. The queue dispatcher (worker/jobs/queue.ts) wires them
 * in, so email does not import the features that use it.
 */
export type OtherEmailJobs = {
  contact: (deps: EmailDeps, job: Extract<EmailJob, { type: "contact" }>, attempts: number) => Promise<Outcome>;
  /** `statements`: this message's share of the batch's clean-up statements (LEDGER_PAGE_STATEMENTS). */
  "ledger-prune": (
    deps: EmailDeps,
    job: Extract<EmailJob, { type: "ledger-prune" }>,
    statements: number,
  ) => Promise<void>;
  eventReminder: (
    deps: EmailDeps,
    job: Extract<EmailJob, { type: "event-reminder" }>,
    attempts: number,
  ) => Promise<Outcome>;
};

async function handleJob(
  deps: EmailDeps,
  job: EmailJob,
  attempts: number,
  cache: ContentCache,
  others: OtherEmailJobs,
  pruneShare: number,
): Promise<Outcome> {
  switch (job.type) {
    case "fanout":
      return runFanoutStep(deps, job);
    case "weekly":
      return deliverWeeklyBatch(deps, job, attempts, cache);
    case "welcome":
      return deliverWelcome(deps, job, attempts);
    case "reconfirm":
      return deliverReconfirm(deps, job, attempts);
    case "contact":
      return others.contact(deps, job, attempts);
    case "ledger-prune":
      await others["ledger-prune"](deps, job, pruneShare);
      return {};
    case "event-reminder":
      return others.eventReminder(deps, job, attempts);
  }
}

/**
 * Jobs of one batch that run at once. Provider calls stay spaced to its rate limit by the isolate's
 * request slots (platform/mail/http.ts), so concurrency never bursts past it; what it buys is that
 * one job renders and writes its ledger rows while another waits for its slot, which keeps a wave
 * at the provider's ceiling instead of at "slot wait + work" per request (issue 12, decision 153).
 */
export const CONCURRENT_JOBS = 4;

/**
 * Consumer of 'earthkind-email'. Each message is acked or retried on its own — a 429 retries after the
 * provider's Retry-After, other transient failures back off exponentially, and after the last retry
 * the queue moves the message to the dead-letter queue (handled below).
 */
export async function handleEmailBatch(
  batch: MessageBatch<unknown>,
  deps: EmailDeps,
  others: OtherEmailJobs,
): Promise<void> {
  const cache: ContentCache = new Map();
  // Clean-up pages share a fixed part of the invocation's query budget, however many share the batch.
  const prunes = batch.messages.filter((m) => (m.body as { type?: unknown } | null)?.type === "ledger-prune").length;
  const pruneShare = Math.floor(LEDGER_PAGE_STATEMENTS / Math.max(1, prunes));
  await pMap(
    batch.messages,
    async (msg) => {
      if (!isEmailJob(msg.body)) {
        console.error("email queue: dropping malformed message", msg.id);
        msg.ack();
        return;
      }
      try {
        const outcome = await handleJob(deps, msg.body, msg.attempts, cache, others, pruneShare);
        if (outcome.retryAfterSeconds !== undefined) msg.retry({ delaySeconds: clampDelay(outcome.retryAfterSeconds) });
        else msg.ack();
      } catch (err) {
        console.error("email queue: job failed", msg.body.type, err);
        msg.retry({ delaySeconds: backoffSeconds(msg.attempts) });
      }
    },
    { concurrency: CONCURRENT_JOBS },
  );
}

/** Queues accept delays of 0..43200 s. */
const clampDelay = (s: number) => Math.min(43_200, Math.max(0, Math.ceil(s)));

/**
 * Consumer of 'earthkind-email-dlq': messages that exhausted their retries. Recipients still pending
 * become 'failed' (so the campaign can complete and the admin sees them), a fan-out that could not
 * continue marks its campaign failed. Nothing here sends mail.
 */
export async function handleEmailDeadLetters(batch: MessageBatch<unknown>, deps: EmailDeps): Promise<void> {
  const { db } = deps;
  for (const msg of batch.messages) {
    const job = msg.body;
    if (!isEmailJob(job)) {
      msg.ack();
      continue;
    }
    const nowIso = deps.now().toISOString();
    try {
      if (job.type === "weekly") {
        const ids = JSON.stringify([...new Set(job.subscriberIds)]);
        const error = `gave up after ${msg.attempts} attempts`;
        const sqlLedger = ledger(db.$client);
        await db.$client.batch([
          ...sqlLedger.failPending(job.campaignId, ids, error, nowIso),
          ...sqlLedger.insertMissing(job.campaignId, ids, "failed", error, job.waveId ?? null),
        ]);
        await completeIfDone(db, job.campaignId, nowIso);
      } else if (job.type === "fanout") {
        await db
          .update(emailCampaigns)
          .set({ status: "failed", error: "Enqueueing recipients failed after retries; the send stopped part-way." })
          .where(eq(emailCampaigns.id, job.campaignId));
      } else {
        console.error(`email dead letter: ${job.type} job gave up`, msg.id);
      }
      msg.ack();
    } catch (err) {
      console.error("email dead letter: handling failed", err);
      msg.retry({ delaySeconds: 60 });
    }
  }
}

export type { EventsNear };
