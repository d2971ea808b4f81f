import { consumeIngestBatch, INGEST_QUEUE_NAME } from "../features/ingestion/jobs";
import type { AppEnv } from "../platform/env";

/**
 * Queue consumers keyed by queue name (wrangler.toml). A message for a queue with no consumer is
 * retried, never acknowledged, so nothing is dropped while a consumer is being deployed.
 */
const consumers: Record<string, (batch: MessageBatch<unknown>, env: AppEnv) => Promise<void>> = {
  [INGEST_QUEUE_NAME]: consumeIngestBatch,
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
