import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import type { EventResult } from "../../worker/features/events/schemas";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./support";

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

  // Category and keyword filter the answer in the browser.
  const cleanups = all.filter((e) => e.category === "cleanup").length;
  expect(cleanups).toBeGreaterThanOrEqual(2);
  await page.getByLabel("Category").selectOption("cleanup");
  await expect(cards(page)).toHaveCount(cleanups);
  for (const card of await cards(page).all()) await expect(card.getByText("Cleanup", { exact: true })).toBeVisible();
  await page.getByLabel("Category").selectOption("all");
  const ivy = all.filter((e) => [e.title, e.description, e.venue_name].some((t) => t?.toLowerCase().includes("ivy")));
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
