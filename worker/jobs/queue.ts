import { emailDepsFromEnv, handleEmailBatch, handleEmailDeadLetters } from "../features/email/consumer";
import type { AppEnv } from "../platform/env";

/**
 * Queue consumers keyed by queue name (wrangler.toml). A message for a queue with no consumer is
 * retried, never acknowledged, so nothing is dropped while a consumer is being deployed. A dead-letter
 * queue ('<name>-dlq') goes to the same entry, which tells the two apart by `batch.queue`.
 */
const consumers: Record<string, (batch: MessageBatch<unknown>, env: AppEnv) => Promise<void>> = {
  // The weekly email's events section: pass `eventsNear: (zip) => …` (the events search) here.
  "earthkind-email": (batch, env) =>
    batch.queue.endsWith("-dlq")
      ? handleEmailDeadLetters(batch, emailDepsFromEnv(env))
      : handleEmailBatch(batch, emailDepsFromEnv(env)),
};

export async function runQueueBatch(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const consumer = consumers[batch.queue.replace(/-dlq$/, "")];
  if (!consumer) {
    console.error(`queue: no consumer for ${batch.queue}`);
    batch.retryAll();
    return;
  }
  await consumer(batch, env);
}
