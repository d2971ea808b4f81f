import { createApp } from "./app";
import { runQueueBatch } from "./jobs/queue";
import { runScheduled } from "./jobs/scheduled";
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
