import { expect, test } from "./fixtures";

// Issue 47 item 3, decision 262: a partner's page on another origin shows our events with one script tag, themed
// by its attributes, with no cookie set or sent. The partner page is served by the browser's router at 127.0.0.1, a
// different origin from the server's localhost.

test("a partner page lists our events with one script tag, in its theme, with no cookie", async ({ browser }) => {
  const ours = new URL(process.env.E2E_BASE_URL ?? "http://localhost:8787");
  const partner = `http://127.0.0.1:${ours.port}/partner-page`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // Chromium asks before a page it cannot place (this one comes from the router) reaches a loopback address; a real
  // partner's page and our site are both on the public internet, where no such question arises.
  await context.grantPermissions(["local-network-access"]);
  const page = await context.newPage();
  await page.route(partner, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><title>Friends of Forest Park</title></head><body><main>
        <h1>Friends of Forest Park</h1>
        <script src="${ours.origin}/embed/events.js" data-zip="97201" data-radius="25" data-limit="3"
          data-theme="dark" data-accent="#ffcc00" data-title="Volunteer with us" async></script>
      </main></body></html>`,
    }),
  );
  const script = page.waitForResponse(`${ours.origin}/embed/events.js`);
  await page.goto(partner);
  const body = await (await script).body();
  expect(body.length).toBeLessThan(6_000);

  // Drawn in a shadow root after the tag: the partner's heading, our events linking to our pages, in its accent.
  await expect(page.getByRole("heading", { level: 2, name: "Volunteer with us" })).toBeVisible();
  const events = page.locator(".earthkind-events li a");
  await expect(events.first()).toBeVisible();
  expect(await events.count()).toBeLessThanOrEqual(3);
  for (const href of await events.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href)))
    expect(href).toMatch(new RegExp(`^${ours.origin}/events/`));
  await expect(events.first()).toHaveCSS("color", "rgb(255, 204, 0)");
  await expect(page.getByRole("link", { name: "More events on Earthkind" })).toHaveAttribute(
    "href",
    `${ours.origin}/events?zip=97201`,
  );
  // No cookie for either site: the script reads the API with credentials omitted and sets none.
  expect(await context.cookies()).toEqual([]);
  await context.close();
});
