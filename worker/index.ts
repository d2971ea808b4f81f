import { createApp } from "./app";
import { runScheduled } from "./jobs/scheduled";
import { runQueueBatch } from "./jobs/queue";
import type { AppEnv } from "./platform/env";

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
  queue(batch, env) {
    return runQueueBatch(batch, env);
  },
} satisfies ExportedHandler<AppEnv>;
