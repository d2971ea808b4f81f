// The JavaScript a page fetches in Chromium until the network is idle: each file's gzip size (from
// dist/client, so the figure does not depend on the server's compression).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

/**
 * `use(page)`, when given, runs once the network is idle (a click, say): what it makes the page fetch until
 * the network is idle again is returned as `used`.
 */
export async function pageJs(baseUrl, pagePath, clientDir, use) {
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
    // "Until the network is idle": from the load event, until 2 s pass without a request (longer than the 500 ms
    // of Playwright's networkidle: on a loaded machine a script can take a second to run before it asks for
    // the next). Island pages (decision 205) fetch what hydrates once the page is idle within that window.
    let last = Date.now();
    page.on("request", () => {
      last = Date.now();
    });
    page.on("requestfinished", () => {
      last = Date.now();
    });
    await page.goto(baseUrl + pagePath, { waitUntil: "load", timeout: 120_000 });
    const quiet = async () => {
      while (Date.now() - last < 2000) await page.waitForTimeout(250);
    };
    await quiet();
    const sized = (urls) =>
      urls.map((url) => {
        const file = new URL(url).pathname;
        return { file, kb: gzipSync(readFileSync(path.join(clientDir, file))).length / 1024 };
      });
    const idle = sized(scripts.splice(0));
    if (!use) return { idle, used: [] };
    await use(page);
    last = Date.now();
    await quiet();
    return { idle, used: sized(scripts) };
  } finally {
    await browser.close();
  }
}
