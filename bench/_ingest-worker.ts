// The benchmark's Worker: runs the real ingestion pipeline for one ICS source whose feed is
// served by the benchmark script over local HTTP. Not part of the app.

import { ingestSource } from "../worker/features/ingestion/run-source";
import type { SourceConfig } from "../worker/features/ingestion/types";
import { getConfig } from "../worker/platform/config";
import { createDb } from "../worker/platform/db";
import type { AppEnv } from "../worker/platform/env";

type BenchEnv = AppEnv & { FEED_URL: string };

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/ready") return new Response("ok");
    if (url.pathname !== "/ingest") return new Response("not found", { status: 404 });
    const source: SourceConfig = {
      key: "bench-ics",
      name: "Benchmark feed",
      description: "2,000 generated events",
      type: "ics",
      url: env.FEED_URL,
      timeZone: "America/Los_Angeles",
      defaultCategory: "education",
    };
    const outcome = await ingestSource(
      {
        db: createDb(env.DB),
        config: getConfig(env),
        fetch: (i, init) => fetch(i, init),
        now: new Date(),
        fixtures: false,
        timeoutMs: 60_000,
      },
      source,
      { startPage: 0, pages: 1 },
    );
    return Response.json(outcome);
  },
} satisfies ExportedHandler<BenchEnv>;
