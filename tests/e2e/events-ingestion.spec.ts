import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { signInAsAdmin, toasts } from "./events-admin-support";
import { expect, test } from "./fixtures";
import { localD1 } from "./support";

// In development the ingestion sources are served from local fixtures (decision 046), so these
// runs are real runs of every adapter against generated copies of the sources.

const panel = (page: Page) => page.getByRole("region", { name: "Event Ingestion" });

test("runs a source, all sources and the Audubon batch from the panel", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, request);
  await page.goto("/admin");
  await expect(panel(page).getByText("Development: sources are served from local fixtures.")).toBeVisible();
  await expect(
    panel(page)
      .getByRole("heading", { level: 3 })
      .filter({ hasText: /^Latest Run Summary$/ }),
  ).toBeVisible();

  const trigger = panel(page).getByRole("button", { name: /Surfrider Foundation San Francisco/ });
  await trigger.click();
  await page.getByRole("button", { name: "Run Now (5 pages)" }).first().click();
  await expect(toasts(page).getByText("Source Complete", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(trigger.getByText("Success", { exact: true })).toBeVisible();
  await expect(
    panel(page)
      .getByText(/^Last run:/)
      .first(),
  ).toBeVisible();

  await panel(page).getByRole("button", { name: "Run All Sources" }).click();
  await expect(toasts(page).getByText("V2 Ingestion Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(toasts(page).getByText(/15 of 15 sources succeeded/)).toBeVisible();
  await expect(page.getByTestId("summary-Sources")).toHaveText("15");

  // The panel refetches its sources after a run and each card grows as its counters arrive: wait
  // until Audubon's are drawn, so the click cannot land where the button was a moment before.
  const audubon = panel(page).getByRole("button", { name: /National Audubon Society/ });
  await expect(audubon.getByText("Success", { exact: true })).toBeVisible();
  await audubon.click();
  const audubonDetails = panel(page).getByRole("region", { name: /National Audubon Society/ });
  await expect(audubonDetails.getByText(/^Last run:/)).toBeVisible();
  await audubonDetails.getByRole("button", { name: "Run All Pages (Batched)" }).click();
  await expect(toasts(page).getByText("Audubon Batch Complete", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(toasts(page).getByText(/^10 batches/)).toBeVisible();

  // What was ingested is searchable: the Surfrider fixture's weekly cleanup is at Ocean Beach.
  await page.goto("/events?zip=94121");
  await page.getByLabel("Time frame").selectOption("all");
  await expect(page.getByRole("heading", { name: /Weekly Volunteer Cleanup, Ocean Beach/ }).first()).toBeVisible();
});

test("a run still going shows as Running, and its card updates by itself when it finishes", async ({
  page,
  request,
}) => {
  // A run the page did not start (the daily schedule's, another admin's), written straight into the database.
  const id = `e2e-running-${randomUUID()}`;
  localD1(
    `INSERT INTO ingestion_runs (id, source_key, status, started_at) VALUES ('${id}', 'nps', 'running', '${new Date().toISOString()}')`,
  );
  await signInAsAdmin(page, request);
  await page.goto("/admin");
  const nps = panel(page).getByRole("button", { name: /National Park Service/ });
  await expect(nps.getByText("Running", { exact: true })).toBeVisible();

  localD1(
    `UPDATE ingestion_runs SET status = 'completed', finished_at = '${new Date().toISOString()}', pages = 1 WHERE id = '${id}'`,
  );
  await expect(nps.getByText("Success", { exact: true })).toBeVisible({ timeout: 15_000 });
});

test("suggests six ICS URLs for a website, and refuses what is not a URL", async ({ page, request }) => {
  await signInAsAdmin(page, request);
  await page.goto("/admin");
  const tool = page.getByRole("region", { name: "Calendar Discovery" });
  await tool.getByLabel("Website URL").fill("not a url");
  await tool.getByRole("button", { name: "Suggest feed URLs" }).click();
  await expect(toasts(page).getByText("Invalid URL", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("Please enter a valid website URL", { exact: true })).toBeVisible();

  await tool.getByLabel("Website URL").fill("http://www.example.org/chapter/");
  await tool.getByRole("button", { name: "Suggest feed URLs" }).click();
  const links = tool.getByRole("link", { name: /^Test/ });
  await expect(links).toHaveCount(6);
  await expect(links.first()).toHaveAttribute("href", "https://www.example.org/chapter/events/?ical=1");
});

// A run that never finishes leaves only a missing toast behind: a failure attaches the run records.
test.afterEach(async ({ page: _page }, info) => {
  if (info.status === info.expectedStatus) return;
  const runs = localD1(
    "SELECT id, source_key, status, started_at, finished_at, error_message, pages FROM ingestion_runs ORDER BY started_at DESC LIMIT 40",
  );
  await info.attach("ingestion_runs", { body: JSON.stringify(runs, null, 1), contentType: "application/json" });
});
