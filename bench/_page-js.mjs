// The JavaScript a page fetches in Chromium until the network is idle: each file's gzip size (from
// dist/client, so the figure does not depend on the server's compression).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export async function pageJs(baseUrl, pagePath, clientDir) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const scripts = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
    });
    // "Until the network is idle" after the app has started: on a loaded machine the entry script can
    // take seconds to run, longer than the 500 ms of quiet Playwright's networkidle waits for. The
    // session check is the app's first request after hydration; then wait for 2 s without a request.
    let last = Date.now();
    page.on("request", () => {
      last = Date.now();
    });
    page.on("requestfinished", () => {
      last = Date.now();
    });
    const started = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh"), { timeout: 120_000 });
    await page.goto(baseUrl + pagePath, { waitUntil: "load", timeout: 120_000 });
    await started;
    while (Date.now() - last < 2000) await page.waitForTimeout(250);
    return scripts.map((url) => {
      const file = new URL(url).pathname;
      return { file, kb: gzipSync(readFileSync(path.join(clientDir, file))).length / 1024 };
    });
  } finally {
    await browser.close();
  }
}
