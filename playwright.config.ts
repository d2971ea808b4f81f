import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";

// The server is started by tests/e2e/run.mjs (fresh local data on a free port), never by hand.
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:8787";

const chromium = { browserName: "chromium" as const, viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Each worker drives a Chromium whose page loads take about a core for a second, next to the
  // workerd server: one worker per two cores. Two workers on the 2-core CI machine starved each
  // other into timeouts (decision 151).
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  retries: process.env.CI ? 1 : 0,
  // The journeys load 10–25 pages (and run axe) each; 60 s is about twice what the slowest takes
  // on the 2-core CI machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium: no browser download (no internet here), flags keep it off the network.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  // The events search spec compares exact result sets with the API, while other specs add events
  // (ingestion runs, approved submissions) to the same database: it runs first, on its own.
  projects: [
    { name: "search", testMatch: "events.spec.ts", use: chromium },
    { name: "chromium", testIgnore: "events.spec.ts", dependencies: ["search"], use: chromium },
  ],
});
