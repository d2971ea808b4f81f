import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

type PublicAction = { slug: string; title: string; why_it_matters: string; steps: string[] };

const PUBLIC_PAGES = [
  "/",
  "/actions",
  "/events",
  // A search arrives with its results (decision 203); the browser does not read them again.
  "/events?zip=97201&when=all",
  "/how-it-works",
  "/about",
  "/support",
  "/get-support",
  "/submit-event",
  "/auth",
  "/no-such-page",
  "/actions/no-such-action",
];

async function currentAction(page: Page): Promise<PublicAction> {
  const res = await page.request.get("/api/actions/current");
  return ((await res.json()) as { action: PublicAction }).action;
}

/** The soonest listed event near a seeded ZIP, with its page's url (decision 202). */
async function firstEventNear(page: Page, zip: string): Promise<{ title: string; url: string }> {
  const res = await page.request.get(`/api/events?zip=${zip}&limit=1`);
  const [event] = ((await res.json()) as { events: { title: string; url: string }[] }).events;
  if (!event) throw new Error(`no event near ${zip}`);
  return event;
}

/** Console errors and warnings (React reports hydration mismatches as either), and the API reads made. */
function watch(page: Page) {
  const messages: string[] = [];
  const apiReads: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") messages.push(msg.text());
  });
  page.on("pageerror", (err) => messages.push(err.message));
  page.on("request", (req) => {
    const url = new URL(req.url());
    // The session check is per visitor, so it is the browser's to make.
    if (url.pathname.startsWith("/api/") && url.pathname !== "/api/auth/refresh") apiReads.push(url.pathname);
  });
  return { messages, apiReads };
}

test("public pages hydrate (whole, or island by island) without warnings or errors and fetch none of the data they arrived with", async ({
  page,
}) => {
  const action = await currentAction(page);
  const event = await firstEventNear(page, "97201");
  for (const path of [...PUBLIC_PAGES, `/actions/${action.slug}`, new URL(event.url).pathname]) {
    const seen = watch(page);
    // What the server wrote, read before any script runs: the browser must keep it (issue 29).
    const served = await (await page.request.get(path)).text();
    const servedTitle = /<title>([^<]*)<\/title>/.exec(served)?.[1];
    const servedDescription = /<meta name="description" content="([^"]*)"/.exec(served)?.[1];
    const response = await page.goto(path, { waitUntil: "networkidle" });
    const notFound = path.includes("no-such");
    expect(response?.status(), path).toBe(notFound ? 404 : 200);
    if ((await page.locator("#root[data-islands]").count()) > 0) {
      // An island page (decision 205): every island hydrates, the ones waiting for use too (a pointer down
      // inside starts one), each against the HTML the server rendered for it.
      await page.evaluate(() => {
        document.querySelectorAll("[data-island]").forEach((island) => {
          island.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
        });
      });
      const islands = page.locator("[data-island]");
      await expect(islands.and(page.locator("[data-hydrated]")), path).toHaveCount(await islands.count());
      await page.waitForLoadState("networkidle");
    } else {
      // Hydrated: React has attached its handlers to the rendered root.
      await expect
        .poll(() =>
          page.evaluate(() => Object.keys(document.getElementById("root") ?? {}).some((k) => k.startsWith("__react"))),
        )
        .toBe(true);
    }
    await expect(page.locator("h1"), path).toHaveCount(1);
    const decodeEntities = (t = "") => t.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#39;", "'");
    expect(await page.title(), path).toBe(decodeEntities(servedTitle));
    if (servedDescription !== undefined)
      expect(await page.locator('meta[name="description"]').getAttribute("content"), path).toBe(
        unescape(servedDescription),
      );
    // Chromium logs the document's own 404 status as a console error: that one is expected.
    const problems = seen.messages.filter((m) => !(notFound && /status of 404/.test(m)));
    expect(problems, path).toEqual([]);
    expect(seen.apiReads, path).toEqual([]);
    page.removeAllListeners("console");
    page.removeAllListeners("pageerror");
    page.removeAllListeners("request");
  }
});

/** The fonts Chromium actually drew the first `selector` with: family names, and whether each is a web font. */
async function drawnFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => `${font.familyName}${font.isCustomFont ? " (web font)" : ""}`);
}

test("a first visit keeps the stand-in fonts on its first page, and the next page is drawn in the web fonts (decision 211)", async ({
  page,
}) => {
  const fonts = page.waitForResponse(/inter-latin-wght-normal-.*\.woff2$/);
  await page.goto("/", { waitUntil: "networkidle" });
  // Fetched once the page is idle, for the next page; nothing on this one moves.
  await fonts;
  await expect.poll(() => page.evaluate(() => localStorage.getItem("ek-web-fonts"))).toBeTruthy();
  expect(await page.evaluate(() => [...document.fonts].map((face) => face.family))).not.toContain("Inter Variable");
  expect(await drawnFonts(page, "h1")).not.toContainEqual(expect.stringContaining("web font"));

  // From the browser's cache: the prefetch made the request a font face makes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const fontLoads: string[] = [];
  cdp.on("Network.responseReceived", ({ response }) => {
    if (response.url.endsWith(".woff2")) fontLoads.push(response.fromDiskCache ? "cache" : "network");
  });
  cdp.on("Network.requestServedFromCache", () => fontLoads.push("cache"));
  await page.goto("/actions", { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  expect(fontLoads.length).toBeGreaterThan(0);
  expect(fontLoads).not.toContain("network");
  expect(await drawnFonts(page, "h1")).toEqual(["Fraunces (web font)"]);
  expect(await drawnFonts(page, "main p")).toEqual(["Inter (web font)"]);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows the hero, this week's action and its buttons", async ({ page }) => {
    const action = await currentAction(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Protect the Wild. Start Today." })).toBeVisible();
    const card = page.locator("#weekly-action");
    await expect(card.getByRole("heading", { name: action.title })).toBeVisible();
    await expect(card.locator(`a[href="/actions/${action.slug}"]`)).toBeVisible();
    await expect(card.getByRole("link", { name: "Sign Up for Weekly Actions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Quick Wins to Protect Nature" })).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);
  });

  test("/events with a ZIP shows its results, and an event page its title, calendar link and markup", async ({
    page,
  }) => {
    const event = await firstEventNear(page, "97201");
    await page.goto("/events?zip=97201&when=all");
    await expect(page.getByRole("link", { name: event.title }).first()).toBeVisible();
    await page.goto(new URL(event.url).pathname);
    await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByRole("link", { name: /Add to calendar/ })).toHaveAttribute("href", /\.ics$/);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
  });

  test("an action page shows the title, Why It Matters and the steps", async ({ page }) => {
    const action = await currentAction(page);
    await page.goto(`/actions/${action.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: action.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why It Matters" })).toBeVisible();
    await expect(page.getByText(action.why_it_matters)).toBeVisible();
    for (const step of action.steps.filter((s) => s.trim())) await expect(page.getByText(step)).toBeVisible();
  });
});
