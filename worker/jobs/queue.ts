import { myDataJsonExport } from "../features/auth/my-data-export";
import { deliverContactNotification } from "../features/contact/service";
import { didItUrlFor } from "../features/did-it/links";
import {
  emailDepsFromEnv,
  handleEmailBatch,
  handleEmailDeadLetters,
  type OtherEmailJobs,
} from "../features/email/consumer";
import { eventsNearFromSearch } from "../features/email/events-near";
import type { EmailDeps } from "../features/email/jobs";
import { deliverReminderMail } from "../features/event-reminders/deliver";
import { consumeExportBatch, exportDepsFromEnv } from "../features/exports/runner";
import type { ExportProducers } from "../features/exports/types";
import { consumeIngestBatch, INGEST_QUEUE_NAME, type IngestHooks } from "../features/ingestion/jobs";
import { raiseDeadLetterAlert } from "../features/operations/dead-letters";
import { checkSourceHealth } from "../features/operations/source-checks";
import { type LedgerPruneJob, runLedgerPruneJob } from "../features/retention/ledger-pages";
import { subscribersCsvExport } from "../features/subscribers/csv-export";
import { getConfig } from "../platform/config";
import type { D1Usage } from "../platform/d1-limits";
import type { AppEnv } from "../platform/env";
import { runLoggedJob } from "../platform/log";

/** Email-queue jobs of features that send through email (email itself knows none of them). */
export const otherEmailJobs: OtherEmailJobs = {
  contact: (deps, job, attempts) => deliverContactNotification(deps, job.messageId, attempts),
  "ledger-prune": (deps, job, statements) =>
    runLedgerPruneJob(deps.db, deps.queue as Queue<LedgerPruneJob>, job, deps.now(), statements),
  eventReminder: deliverReminderMail,
};

/** The email dead-letter consumer, with operations' alert (email itself knows nothing of alerts). */
export async function emailDeadLetters(batch: MessageBatch<unknown>, deps: EmailDeps): Promise<void> {
  await raiseDeadLetterAlert(deps, batch);
  await handleEmailDeadLetters(batch, deps);
}

/** Operations' alerts on ingestion runs (ingestion itself knows nothing of alerts). */
export const ingestHooks: IngestHooks = {
  onDeadLetter: raiseDeadLetterAlert,
  onSourceRead: checkSourceHealth,
};

/** How each kind of background export makes its file (exports itself knows neither feature). */
export const exportProducers: ExportProducers = { subscribers: subscribersCsvExport, my_data: myDataJsonExport };
export const EXPORT_QUEUE_NAME = "earthkind-export";

/**
 * Queue consumers keyed by queue name (wrangler.toml). A message for a queue with no consumer is
 * retried, never acknowledged, so nothing is dropped while a consumer is being deployed. A dead-letter
 * queue ('<name>-dlq') goes to the same entry, which tells the two apart by `batch.queue`.
 */
const consumers: Record<string, (batch: MessageBatch<unknown>, env: AppEnv, usage: D1Usage) => Promise<void>> = {
  "earthkind-email": (batch, env) => {
    const deps = emailDepsFromEnv(env);
    if (batch.queue.endsWith("-dlq")) return emailDeadLetters(batch, deps);
    // The weekly email's "events near you" section comes from the events search.
    const eventsNear = eventsNearFromSearch(deps.db, { now: deps.now, siteTimeZone: deps.config.SITE_TIMEZONE });
    return handleEmailBatch(batch, { ...deps, eventsNear, didItUrl: didItUrlFor(deps.config) }, otherEmailJobs);
  },
  [INGEST_QUEUE_NAME]: (batch, env) => consumeIngestBatch(batch, env, ingestHooks),
  [EXPORT_QUEUE_NAME]: (batch, env, usage) =>
    consumeExportBatch(batch, exportDepsFromEnv(env, getConfig(env), usage), exportProducers),
};

/** `usage` counts the invocation's D1 queries (where D1_LIMITS=enforce); exports record it per step. */
export async function runQueueBatch(
  batch: MessageBatch<unknown>,
  env: AppEnv,
  usage: D1Usage = { queries: 0 },
): Promise<void> {
  const consumer = consumers[batch.queue.replace(/-dlq$/, "")];
  if (!consumer) {
    console.error(`queue: no consumer for ${batch.queue}`);
    batch.retryAll();
    return;
  }
  await runLoggedJob(
    `queue:${batch.queue}`,
    () => consumer(batch, env, usage),
    () => ({ messages: batch.messages.length }),
  );
}
