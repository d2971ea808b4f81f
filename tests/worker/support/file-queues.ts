import { env } from "cloudflare:workers";

/*
 * Queues between Worker test files that share one runtime (decision 220). Storage is reset before each
 * file (tests/worker/setup.ts), but Miniflare's queue brokers are not: a message a file sent and never saw
 * delivered (a welcome email after the last test, a retry waiting out its backoff) would otherwise reach
 * the Worker's consumer during a later file. In a runtime of its own, the file's end threw it away.
 *
 * So every message sent through a producer binding is recorded with the file that sent it, and when a
 * batch arrives, messages of an earlier file are acknowledged and dropped before the Worker's consumer
 * sees the rest (unchanged, in the common case that nothing is dropped). Batches a test builds itself
 * (`createMessageBatch`) were never sent, so they always reach the consumer. The file's last step waits
 * until the consumer invocations running for it have finished.
 */

type Ledger = { file: number; sentIn: Map<string, number>; running: number };

const LEDGER = Symbol.for("earthkind.worker-tests.queue-ledger");
const WRAPPED = Symbol.for("earthkind.worker-tests.queue-wrapped");
const holder = globalThis as typeof globalThis & { [LEDGER]?: Ledger };
// On globalThis, not in this module: each file evaluates its modules afresh, while the runtime goes on.
holder[LEDGER] ??= { file: 0, sentIn: new Map(), running: 0 };
const ledger: Ledger = holder[LEDGER];

const bodyKey = (body: unknown) => JSON.stringify(body) ?? String(body);

type Producer = Queue<unknown> & { [WRAPPED]?: true };
type Consumer = NonNullable<ExportedHandler<Cloudflare.Env>["queue"]>;

/**
 * A Queue producer binding. Checked by its class, not by asking for `send`: a service or Durable Object
 * binding is an RPC stub that claims every method, and the calls the stub then makes for them fail.
 */
function isProducer(value: unknown): value is Producer {
  return typeof value === "object" && value !== null && value.constructor?.name === "WorkerQueue";
}

/** Records what each producer binding sends; done once, as the bindings live as long as the runtime. */
function recordSends(producer: Producer) {
  if (producer[WRAPPED]) return;
  const send = producer.send.bind(producer);
  const sendBatch = producer.sendBatch.bind(producer);
  producer.send = (body, options) => {
    ledger.sentIn.set(bodyKey(body), ledger.file);
    return send(body, options);
  };
  producer.sendBatch = (messages, options) => {
    for (const message of messages) ledger.sentIn.set(bodyKey(message.body), ledger.file);
    return sendBatch(messages, options);
  };
  producer[WRAPPED] = true;
}

/** Called by the setup file before each test file: a new file number, and the Worker's consumer watched. */
export async function isolateQueuesPerFile() {
  ledger.file++;
  for (const value of Object.values(env)) if (isProducer(value)) recordSends(value);

  // The Worker's entry as the runtime calls it (imported after the setup file's module reset).
  const worker = (await import("../../../worker/index")).default as { queue: Consumer };
  const consume = worker.queue;
  worker.queue = async function (this: unknown, batch, ...rest) {
    const current = batch.messages.filter((m) => (ledger.sentIn.get(bodyKey(m.body)) ?? ledger.file) === ledger.file);
    for (const stale of batch.messages) if (!current.includes(stale)) stale.ack();
    if (current.length === 0) return;
    const forwarded: MessageBatch<unknown> =
      current.length === batch.messages.length
        ? batch
        : {
            queue: batch.queue,
            metadata: batch.metadata,
            messages: current,
            ackAll: () => {
              for (const m of current) m.ack();
            },
            retryAll: (options) => {
              for (const m of current) m.retry(options);
            },
          };
    ledger.running++;
    try {
      return await consume.call(this, forwarded, ...rest);
    } finally {
      ledger.running--;
    }
  };
}

/** Resolves once no queue consumer invocation is running (fails the file after `timeoutMs`). */
export async function queueConsumersIdle(timeoutMs = 30_000) {
  const started = Date.now();
  while (ledger.running > 0) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `${ledger.running} queue consumer invocation(s) still running ${timeoutMs} ms after the file's last test`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
