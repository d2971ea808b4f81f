import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import type { EventResult } from "#contract/events/schemas";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, localD1, localR2Put } from "./support";

// The seed (db/seed/events.ts) puts 9 upcoming events within 25 miles of 97201 (Portland), two of
// them cleanups, one "Forest Park Ivy Pull", and 6 online events; other specs may add more. Crown Point, IN (46307) is 28
// miles from the nearest seeded event (Chicago) in a state with none: an empty state that
// "Expand to 50 miles" fills.

const cards = (page: Page) => page.getByRole("article");

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function searchZip(page: Page, zip: string) {
  await page.getByLabel("ZIP code").fill(zip);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

/** What the API answers for the page's query: other specs may add events, so counts come from here. */
async function apiEvents(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/events?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: EventResult[] }).events;
}

test("searches by ZIP with every filter", async ({ page, request }) => {
  // Twelve searches and three axe scans: more steps than the default 30 s allows on a loaded runner.
  test.slow();
  const errors = collectConsoleErrors(page);
  await page.goto("/events");
  await expect(page.getByRole("heading", { level: 1, name: "Local Events" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Enter your location" })).toBeVisible();
  await expectNoAxeViolations(page);

  // An empty ZIP (after trimming) is ignored: still the prompt.
  await searchZip(page, "   ");
  await expect(page.getByRole("heading", { name: "Enter your location" })).toBeVisible();

  // Default: 25 miles, this week.
  await searchZip(page, "97201");
  await expect(page).toHaveURL(/\?zip=97201$/);
  // Each filter goes into the address (decision 203), so a search can be shared and arrives with its results.
  await expect(cards(page).first()).toBeVisible();
  const all = await apiEvents(request, "zip=97201&radius=25&limit=20");
  expect(all.length).toBeGreaterThanOrEqual(9);
  expect(await cards(page).count()).toBeLessThanOrEqual(all.length);

  await page.getByLabel("Time frame").selectOption("all");
  await expect(cards(page)).toHaveCount(all.length);
  await expect(page.getByText(/\d+ miles? away/).first()).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Time frame").selectOption("month");
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeLessThanOrEqual(all.length);
  await page.getByLabel("Time frame").selectOption("all");
  await expect(cards(page)).toHaveCount(all.length);

  // Category and keyword go to the server with the rest of the search.
  const cleanups = (await apiEvents(request, "zip=97201&radius=25&limit=20&category=cleanup")).length;
  expect(cleanups).toBeGreaterThanOrEqual(2);
  await page.getByLabel("Category").selectOption("cleanup");
  await expect(cards(page)).toHaveCount(cleanups);
  for (const card of await cards(page).all()) await expect(card.getByText("Cleanup", { exact: true })).toBeVisible();
  await page.getByLabel("Category").selectOption("all");
  const ivy = await apiEvents(request, "zip=97201&radius=25&limit=20&q=ivy");
  expect(ivy.length).toBeGreaterThanOrEqual(1);
  await page.getByLabel("Keyword").fill("  IVY  ");
  await expect(cards(page)).toHaveCount(ivy.length);
  await expect(page.getByRole("heading", { name: "Forest Park Ivy Pull" })).toBeVisible();
  if (ivy.length <= 2) {
    await expect(page.getByText("Only a few events found. Try widening your radius for more options.")).toBeVisible();
  }
  await page.getByLabel("Keyword").fill("");
  await expect(cards(page)).toHaveCount(all.length);

  // The radius goes to the server; online events come in only when asked for.
  const near = await apiEvents(request, "zip=97201&radius=5&limit=20");
  await page.getByLabel("Radius").selectOption("5");
  await expect(cards(page)).toHaveCount(near.length);
  expect(near.every((e) => (e.distance_miles ?? 0) <= 5)).toBe(true);
  await page.getByLabel("Radius").selectOption("25");
  await expect(cards(page)).toHaveCount(all.length);
  await expect(cards(page).getByText("Online", { exact: true })).toHaveCount(0);
  await page.getByLabel("Include online events").check();
  await expect(cards(page).getByText("Online", { exact: true }).first()).toBeVisible();

  // Every card offers registration and an .ics download.
  const first = cards(page).first();
  await expect(first.getByRole("link", { name: /Register/ })).toHaveAttribute("target", "_blank");
  const download = page.waitForEvent("download");
  await first.getByRole("link", { name: /Add to calendar/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);
  expect(errors).toEqual([]);
});

/** Events around `zip`'s centroid (within a mile), inserted straight into the server's database. */
function insertEventsNear(
  zip: string,
  list: { title: string; category: string; hoursFromNow: number; description?: string; imageUrl?: string }[],
): void {
  const q = (v: string | null | undefined) => (v == null ? "NULL" : `'${v.replaceAll("'", "''")}'`);
  const run = Date.now();
  const rows = list.map((e, i) => {
    const start = new Date(Date.now() + e.hoursFromNow * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    return `(${q(`e2e-${zip}-${run}-${i}`)}, ${q(e.title)}, ${q(e.description)}, ${q(e.category)}, ${(i % 5) * 0.01},
      '${start.toISOString()}', '${end.toISOString()}', ${q(e.imageUrl)})`;
  });
  // One statement: the ZIP's centroid, city and state come from the ZIP table.
  localD1(`INSERT INTO events (id, source_key, external_id, title, description, venue_name, category, city, state,
      postal_code, lat, lon, start_at_utc, end_at_utc, registration_url, image_url, is_virtual, status)
    SELECT lower(hex(randomblob(16))), 'e2e', v.column1, v.column2, v.column3, 'Community Hall', v.column4, z.city,
      z.state, z.zip, z.lat + v.column5, z.lon, v.column6, v.column7, 'https://example.org/register', v.column8, 0,
      'approved'
    FROM (VALUES ${rows.join(",\n")}) AS v JOIN zip_codes z ON z.zip = '${zip}'`);
}

test("filters by category past the first page and shows more events", async ({ page, request }) => {
  test.slow();
  const errors = collectConsoleErrors(page);
  // Boise has no seeded events: 25 education events this week, then 3 wildlife ones later in the week,
  // so every wildlife event is past the first page of 20.
  const zip = "83702";
  insertEventsNear(zip, [
    ...Array.from({ length: 25 }, (_, i) => ({
      title: `Boise River Talk ${i + 1}`,
      category: "education",
      hoursFromNow: 2 + i * 4,
    })),
    { title: "Owl Prowl at Barber Park", category: "wildlife", hoursFromNow: 120, description: "Listen for owls." },
    {
      title: "Heron Count on the Greenbelt",
      category: "wildlife",
      hoursFromNow: 124,
      description: "A great blue heron survey.",
    },
    { title: "Bat Night at Kathryn Albertson Park", category: "wildlife", hoursFromNow: 128 },
  ]);
  const first = await request.get(`/api/events?zip=${zip}&radius=25&limit=20`);
  const body = (await first.json()) as { events: EventResult[]; total: number; next_cursor: string | null };
  expect(body.events.some((e) => e.category === "wildlife")).toBe(false);
  expect(body.total).toBe(28);

  await page.goto(`/events?zip=${zip}`);
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByRole("heading", { name: "Showing 20 of 28 events" })).toBeVisible();
  await expectNoAxeViolations(page);
  const more = page.getByRole("button", { name: "Show more events" });
  await more.click();
  await expect(cards(page)).toHaveCount(28);
  await expect(page.getByRole("heading", { name: "Showing 28 of 28 events" })).toBeVisible();
  await expect(more).toBeHidden();
  await expect(page.getByRole("heading", { name: "Bat Night at Kathryn Albertson Park" })).toBeVisible();
  // No event twice across the pages.
  const titles = await cards(page).getByRole("heading").allTextContents();
  expect(new Set(titles).size).toBe(28);

  await page.getByLabel("Category").selectOption("wildlife");
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Showing 3 of 3 events" })).toBeVisible();
  for (const card of await cards(page).all()) await expect(card.getByText("Wildlife", { exact: true })).toBeVisible();
  await page.getByLabel("Keyword").fill("heron");
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Heron Count on the Greenbelt" })).toBeVisible();
  await expect(page.getByText("Only a few events found. Try widening your radius for more options.")).toBeVisible();
  await page.getByLabel("Keyword").fill("salamander");
  await expect(page.getByRole("heading", { name: "No local events found" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("event cards show the event's image from our origin, sized and lazy, and keep its box when it fails", async ({
  page,
}) => {
  const zip = "83201"; // Pocatello, ID: no seeded events
  // Pictures the server fetched and stored (decision 201): R2 keys events/<64 hex>.<ext>, served at /media/events/.
  const stored = `events/${randomBytes(32).toString("hex")}.png`;
  const missing = `events/${randomBytes(32).toString("hex")}.png`;
  localR2Put(stored, "public/images/social-preview.png", "image/png");
  insertEventsNear(zip, [
    { title: "Portneuf River Cleanup", category: "cleanup", hoursFromNow: 5, imageUrl: `/media/${stored}` },
    { title: "Ross Park Bird Walk", category: "wildlife", hoursFromNow: 6, imageUrl: `/media/${missing}` },
    { title: "City Creek Trail Day", category: "forest_restoration", hoursFromNow: 7 },
    // A third-party address (a row from before pictures were stored) is never shown.
    {
      title: "Old Remote Picture",
      category: "cleanup",
      hoursFromNow: 8,
      imageUrl: "https://images.example.test/river.png",
    },
  ]);
  const images: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(request.url());
  });
  await page.goto(`/events?zip=${zip}`);
  await expect(cards(page)).toHaveCount(4);

  const river = cards(page)
    .filter({ hasText: "Portneuf River Cleanup" })
    .getByRole("img", { name: "Portneuf River Cleanup" });
  await expect(river).toHaveAttribute("src", `/media/${stored}`);
  for (const [name, value] of [
    ["width", "640"],
    ["height", "360"],
    ["loading", "lazy"],
    ["decoding", "async"],
  ]) {
    await expect(river).toHaveAttribute(name as string, value as string);
  }
  await expect.poll(() => river.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The box keeps its 16:9 size whatever the picture's own proportions are.
  const box = await river.boundingBox();
  expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 9)).toBe(16);

  // A picture that fails is hidden in its box: the card keeps its size.
  const bird = cards(page).filter({ hasText: "Ross Park Bird Walk" });
  await expect(bird.getByRole("img")).toHaveCount(0);
  await expect(bird.locator("img")).toBeHidden();
  const emptyBox = await bird.getByTestId("event-image").boundingBox();
  expect(Math.round(((emptyBox?.width ?? 0) / (emptyBox?.height ?? 1)) * 9)).toBe(16);
  // Without an image the card is as it was.
  await expect(cards(page).filter({ hasText: "City Creek Trail Day" }).getByTestId("event-image")).toHaveCount(0);
  await expect(cards(page).filter({ hasText: "Old Remote Picture" }).getByTestId("event-image")).toHaveCount(0);
  // The visitor's browser asked no other host for a picture.
  const origin = new URL(page.url()).origin;
  expect(images.filter((url) => new URL(url).origin !== origin && !url.startsWith("data:"))).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a failed search shows an error with a retry, never made-up events", async ({ page }) => {
  await page.goto("/events");
  await page.route(/\/api\/events\?/, (route) => route.fulfill({ status: 500, body: "" }));
  await searchZip(page, "97201");
  await expect(page.getByRole("alert")).toContainText("HTTP 500");
  await expect(cards(page)).toHaveCount(0);
  await page.unroute(/\/api\/events\?/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Showing \d+ of \d+ events?/ })).toBeVisible();
});

test("expands the radius from the empty state", async ({ page }) => {
  await page.goto("/events?zip=46307");
  await page.getByLabel("Time frame").selectOption("all");
  await expect(page.getByRole("heading", { name: "No local events found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Include online events" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Expand to 50 miles" }).click();
  await expect(page.getByLabel("Radius")).toHaveValue("50");
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).first().getByText(/, IL/)).toBeVisible();
});

test.describe("with the browser's location", () => {
  test.use({ geolocation: { latitude: 45.5152, longitude: -122.6784 }, permissions: ["geolocation"] });

  test("finds the nearest ZIP and searches it", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByText(/Using your location: near Portland, OR \(972\d\d\)/)).toBeVisible();
    await expect(page.getByLabel("ZIP code")).toHaveValue(/^972\d\d$/);
    await expect(cards(page).first()).toBeVisible();
  });
});

test("a search error shows the server's message", async ({ page }) => {
  await page.goto("/events?zip=00000");
  await expect(page.getByRole("alert")).toHaveText(
    "Error: We couldn't find ZIP code 00000. Please check it and try again.",
  );
});

test("a ZIP+4 searches its ZIP, and the page offers a calendar feed of the current search", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const errors = collectConsoleErrors(page);
  await page.goto("/events");
  await searchZip(page, "97201-1234");
  await expect(page).toHaveURL(/\?zip=97201$/);
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel("Time frame").selectOption("all");
  const all = await apiEvents(request, "zip=97201&radius=25&limit=20");
  await expect(cards(page)).toHaveCount(all.length);

  const origin = new URL(page.url()).origin;
  const feedUrl = (query: string) => `${origin}/api/events/feed.ics?${query}`;
  const subscribe = page.getByRole("link", { name: "Subscribe in your calendar" });
  const field = page.getByLabel("Calendar feed URL");
  await expect(page.getByRole("heading", { name: "Subscribe in your calendar" })).toBeVisible();
  await expect(subscribe).toHaveAttribute("href", feedUrl("zip=97201&radius=25").replace(/^https?:/, "webcal:"));
  await expect(field).toHaveValue(feedUrl("zip=97201&radius=25"));

  // The feed follows the search's radius and online choice.
  await page.getByLabel("Radius").selectOption("10");
  await page.getByLabel("Include online events").check();
  const current = feedUrl("zip=97201&radius=10&include_online=true");
  await expect(field).toHaveValue(current);
  await expect(subscribe).toHaveAttribute("href", current.replace(/^https?:/, "webcal:"));
  const feed = await request.get(current);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/);

  // Keyboard: the copy button is reachable and copies the https URL.
  await field.focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Copy URL" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Link copied to clipboard", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(current);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});
