import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVALID_LINK_MESSAGE } from "#contract/subscribers/signup-rules";
import { subscribers } from "../../db/schema";
import { createReconfirmation, RECONFIRM_INVALID_MESSAGE } from "../../worker/features/subscribers/reconfirm";
import { SUBSCRIPTION_NOT_FOUND } from "../../worker/features/subscribers/subscription-routes";
import { api, db } from "./helpers";
import { createSubscriber } from "./support/factories";

/** The page's HTML, after checking it is one person's page: never cached, never indexed, made of islands. */
async function personalPage(path: string, status: number): Promise<string> {
  const page = await api(path);
  expect(page.status, path).toBe(status);
  expect(page.headers.get("Cache-Control")).toBe("no-store");
  expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
  const html = await page.text();
  expect(html).toContain('<div id="root" data-islands="">');
  return html;
}

const rowOf = async (id: string) => (await db().select().from(subscribers).where(eq(subscribers.id, id)))[0];

// The pages the emails link to are rendered by the Worker like the other public pages (decision 212): a phone
// opening the link sees the page before any script, and fetches none until the page is idle.
describe("GET /unsubscribe, rendered by the Worker", () => {
  it("shows the subscription and its buttons, and changes nothing (mail scanners open links)", async () => {
    const sub = await createSubscriber({ firstName: "Wren" });
    const html = await personalPage(`/unsubscribe?token=${sub.manageToken}`, 200);
    expect(html).toContain("<title>Manage Your Subscription · Earthkind</title>");
    expect(html).toContain("Wren");
    expect(html).toContain('data-testid="subscription-status"');
    expect(html).toMatch(/<button[^>]*>Unsubscribe<\/button>/);
    expect(html).toContain("Delete my subscription data");
    expect((await rowOf(sub.id))?.active).toBe(true);
  });

  it("answers a refused link 404 with the API's message, and a link without a token with the same message", async () => {
    const refused = await personalPage(`/unsubscribe?token=${"x".repeat(43)}`, 404);
    expect(refused).toContain("<title>Manage Your Subscription · Earthkind</title>");
    expect(refused).toContain(SUBSCRIPTION_NOT_FOUND.replaceAll("'", "&#x27;"));
    const missing = await personalPage("/unsubscribe", 200);
    expect(missing).toContain(INVALID_LINK_MESSAGE);
  });
});

describe("GET /subscribe/confirm, rendered by the Worker", () => {
  it("asks a pending signup to confirm, and confirms nothing until the button's POST", async () => {
    const pending = await createSubscriber({ active: false, confirmedAt: null, firstName: "Fern" });
    const token = await createReconfirmation(
      db(),
      pending,
      { firstName: "Fern", zipCode: null, timeZone: "America/New_York" },
      new Date(),
    );
    const html = await personalPage(`/subscribe/confirm?token=${token}`, 200);
    expect(html).toContain("<title>Confirm Your Subscription · Earthkind</title>");
    expect(html).toContain("Hi Fern, press the button to confirm your subscription");
    expect(html).toMatch(/<button[^>]*>Confirm my subscription<\/button>/);
    expect((await rowOf(pending.id))?.confirmedAt).toBeNull();
  });

  it("answers a refused link 404 with the clear message", async () => {
    const html = await personalPage(`/subscribe/confirm?token=${"y".repeat(43)}`, 404);
    expect(html).toContain(RECONFIRM_INVALID_MESSAGE);
  });
});
