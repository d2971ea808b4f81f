import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, expect, vi } from "vitest";
import { isolateQueuesPerFile, queueConsumersIdle } from "./support/file-queues";

/*
 * Runs before each test file. The Worker test files share one workerd runtime (the `worker` project has
 * `isolate: false`, decision 220), so what a fresh runtime gave each file is reset here, for every file:
 *
 * - modules: every module is evaluated afresh (module-level caches such as the ZIP centroids, this
 *   isolate's mail pacing slots), as in a new isolate;
 * - storage: `reset()` deletes every Durable Object's data in the runtime. In Miniflare D1, KV, R2, the
 *   Cache API (the page cache), the Rate Limiting binding's counters and our MailPacer are all Durable
 *   Objects, so each file starts with empty bindings; the migrations are then applied to the empty D1;
 * - queues: a message a previous file sent and that is still queued or waiting for a retry is dropped
 *   when it is delivered, before the Worker's consumer sees it (support/file-queues.ts), and a file ends
 *   only once the consumer invocations it started have finished (below).
 */
vi.resetModules();
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await isolateQueuesPerFile();

// Imported after the reset, so this is the same module instance the Worker's code records into.
const { d1LimitBreaches } = await import("../../worker/platform/d1-limits");

// Production's D1 limits (decision 178): a breach anywhere in a test, background work included, fails it.
afterEach(() => {
  const breaches = d1LimitBreaches.splice(0);
  expect(breaches, "statements that break D1's production limits").toEqual([]);
});

// A queue consumer invocation still running when the file's last test ends writes to this file's data,
// never to the next file's. Globals a file stubbed and fake timers end with it (Vitest itself restores spies).
afterAll(async () => {
  await queueConsumersIdle();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
