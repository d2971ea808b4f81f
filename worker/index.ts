import { createApp } from "./app";
import { runQueueBatch } from "./jobs/queue";
import { runScheduled } from "./jobs/scheduled";
import { withD1Limits } from "./platform/d1-limits";
import type { AppEnv } from "./platform/env";

/** The Durable Object every email consumer asks for its send slots (wrangler.toml MAIL_PACER, decision 208). */
export { MailPacer } from "./platform/mail/pacer";

const app = createApp();

export default {
  async fetch(request, env, ctx) {
    const usage = { queries: 0 };
    const response = await app.fetch(request, withD1Limits(env, usage), ctx);
    if (env.D1_LIMITS !== "enforce") return response;
    // Where limits are checked, the queries a request made (before its body streams) are reported too.
    const counted = new Response(response.body, response);
    counted.headers.set("X-D1-Queries", String(usage.queries));
    return counted;
  },
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, withD1Limits(env, { queries: 0 })));
  },
  queue(batch, env) {
    const usage = { queries: 0 };
    return runQueueBatch(batch, withD1Limits(env, usage), usage);
  },
} satisfies ExportedHandler<AppEnv>;
