import type { APIRequestContext, Page } from "@playwright/test";
import type { EventResult } from "#contract/events/schemas";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, waitForHydration } from "./support";

// A visitor in New York looks at events in Portland (the seed's, db/seed/events.ts): in-person events show
// Pacific time, named; online events show New York time and say it is the visitor's (decision 166).
test.use({ timezoneId: "America/New_York" });

/** What Intl (not the app) says an instant is in a zone: "Mar 7", "9:00 AM", "PST". */
function wallClock(iso: string, timeZone: string) {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone, ...options }).format(new Date(iso)).replace(/\s/g, " ");
  const zone = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(new Date(iso))
    .find((p) => p.type === "timeZoneName")?.value;
  return {
    day: part({ month: "short", day: "numeric" }),
    time: part({ hour: "numeric", minute: "2-digit", hour12: true }),
    zone: zone ?? "",
  };
}

async function apiEvents(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/events?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: EventResult[] }).events;
}

/** A timed event whose title no other result has, so its card can be found by its heading. */
const pick = (list: EventResult[], ok: (e: EventResult) => boolean) => {
  const found = list.find((e) => ok(e) && !e.all_day && list.filter((o) => o.title === e.title).length === 1);
  if (!found) throw new Error("no such event in the seed");
  return found;
};

const cardOf = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("a Portland event seen from New York shows Pacific time with its zone; an online event shows the visitor's time and says so", async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const list = await apiEvents(request, "zip=97201&radius=25&limit=20&include_online=true");
  const local = pick(list, (e) => !e.is_virtual && e.time_zone === "America/Los_Angeles");
  const online = pick(list, (e) => e.is_virtual);
  expect(online.time_zone).toBeNull();

  await page.goto("/events?zip=97201");
  await page.getByLabel("Time frame").selectOption("all");
  await page.getByLabel("Include online events").check();

  const pacific = wallClock(local.start_time, "America/Los_Angeles");
  expect(pacific.zone).toMatch(/^P[SD]T$/);
  const eastern = wallClock(local.start_time, "America/New_York");
  const localCard = cardOf(page, local.title);
  await expect(localCard).toContainText(
    new RegExp(`${pacific.day}, ${pacific.time}( – [^A-Z]+[AP]M)? ${pacific.zone}`),
  );
  // Not its New York start: the day and time together, as the card writes a start (an end time alone, as in
  // "9:00 AM – 12:00 PM PST", can be the same clock time as the New York start).
  await expect(localCard).not.toContainText(`${eastern.day}, ${eastern.time}`);
  await expect(localCard).not.toContainText("(your time)");

  const yours = wallClock(online.start_time, "America/New_York");
  expect(yours.zone).toMatch(/^E[SD]T$/);
  await expect(cardOf(page, online.title)).toContainText(
    new RegExp(`${yours.day}, ${yours.time}( – [^A-Z]+[AP]M)? ${yours.zone} \\(your time\\)`),
  );
  expect(errors).toEqual([]);
});

test("the home page's server-rendered event times name their zone and hydrate unchanged in another zone", async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const timed = /[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M(?: – \d{1,2}:\d{2} [AP]M)? [A-Z]{2,5}\b/g;
  const html = await (await request.get("/")).text();
  const rendered = html.match(timed) ?? [];
  expect(rendered.length).toBeGreaterThan(0);

  await page.goto("/");
  const teaser = page.getByRole("region", { name: "Get outside with people who care" });
  await waitForHydration(page);
  // Below the fold the block is not laid out until it nears the viewport (decision 207), and innerText reads
  // rendered text: in view, as a reader sees it.
  await teaser.scrollIntoViewIfNeeded();
  // The same text before and after hydration: nothing read the browser's (New York) zone. Polled, as the
  // block hydrates when its chunk arrives, after the page's own hydration.
  await expect
    .poll(async () => (await teaser.getByRole("article").allInnerTexts()).join("\n").match(timed) ?? [])
    .toEqual(rendered);
  expect(errors).toEqual([]);
});
