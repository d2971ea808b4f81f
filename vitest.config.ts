import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { buildDefine } from "./scripts/build-info.mjs";
import { DEV_VARS } from "./scripts/dev-vars.mjs";
import { messageCatalogs } from "./vite.message-catalogs.ts";
import { ssrAlias } from "./vite.ssr.ts";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      projects: [
        {
          plugins: [messageCatalogs()],
          test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
        },
        {
          // The published contract, checked in Node by the tools outside integrators use (decision 179).
          plugins: [messageCatalogs()],
          resolve: { alias: ssrAlias(import.meta.dirname) },
          define: buildDefine(),
          test: { name: "contract", include: ["tests/contract/**/*.test.ts"], environment: "node" },
        },
        {
          // Web modules that need no DOM (stores, hooks rendered to a string); fetch is the boundary.
          plugins: [messageCatalogs()],
          resolve: { alias: ssrAlias(import.meta.dirname) },
          test: { name: "web", include: ["tests/web/**/*.test.{ts,tsx}"], environment: "node" },
        },
        {
          plugins: [
            messageCatalogs(),
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // wrangler.toml is production-safe; the Worker tests run the development setup
                // (outbox mail, /dev routes), stated here rather than read from a local .dev.vars.
                bindings: {
                  ...DEV_VARS,
                  TEST_MIGRATIONS: migrations,
                  JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
                  MAIL_WEBHOOK_SECRET: "whsec_dGVzdC1tYWlsLXdlYmhvb2stc2VjcmV0LTAxMjM0NTY3",
                  // Small weekly fan-out pages, so the worker tests send through several of them.
                  EMAIL_FANOUT_PAGE_SIZE: "4",
                  // Small export pages (3 rows a query, 2 queries a step), so an export crosses several invocations.
                  EXPORT_PAGE_ROWS: "3",
                  EXPORT_PAGES_PER_STEP: "2",
                },
                // The queue tests wait on real deliveries: a 1-second batch window instead of 5 keeps them quick.
                queueConsumers: {
                  "earthkind-email": {
                    maxBatchSize: 10,
                    maxBatchTimeout: 1,
                    maxRetries: 8,
                    deadLetterQueue: "earthkind-email-dlq",
                  },
                },
              },
            }),
          ],
          resolve: { alias: ssrAlias(import.meta.dirname) },
          define: buildDefine(),
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["tests/worker/setup.ts"],
            // One workerd runtime for every file instead of a fresh one per file (~2.5 s each): the setup
            // file gives each file fresh modules, empty storage and its own queue deliveries (decision 220).
            isolate: false,
            // Rate-limit tests wait up to 8 s for a fresh minute window (freshMinute), which the
            // default 5 s budget cut short about one run in eight.
            testTimeout: 20_000,
          },
        },
      ],
    },
  };
});
