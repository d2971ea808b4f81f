import { type AlertDeps, raiseAlert } from "./alerts";

/** Any message in a dead-letter queue is an alert: one per queue and day, counted per batch. */
export async function raiseDeadLetterAlert(deps: AlertDeps, batch: MessageBatch<unknown>): Promise<void> {
  const jobs = new Set(
    batch.messages.map((m) => {
      const body = m.body as { type?: unknown; kind?: unknown } | null;
      return String(body?.type ?? body?.kind ?? "unknown");
    }),
  );
  await raiseAlert(deps, {
    kind: "dead_letter",
    subject: batch.queue,
    details: `${batch.messages.length} message(s) (${[...jobs].join(", ")}) exhausted their retries and reached ${batch.queue}. Their work is closed as failed (weekly recipients marked failed, ingestion runs failed); the Worker logs have the errors that came before.`,
  });
}
