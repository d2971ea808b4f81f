import { HtmlValidate, StaticConfigLoader } from "html-validate/browser";
import { describe, expect, it } from "vitest";
import { eventPath } from "#contract/events/event-path";
import { createReconfirmation } from "../../worker/features/subscribers/reconfirm";
import { api, db } from "./helpers";
import { createAction, createEvent, createSubscriber } from "./support/factories";

// The HTML specification's conformance rules (html-validate's "standard" preset), not its style preferences: what
// the Worker renders is what a browser parses and hydrates, and markup it must repair (a <div> in a <p>, a duplicate
// id, an autocomplete token the field cannot take) breaks hydration or assistive technology.
const validator = new HtmlValidate(new StaticConfigLoader({ extends: ["html-validate:standard"] }));

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message} (${m.selector ?? ""})`),
  );
}

describe("every page the Worker renders is valid HTML", () => {
  it("finds what it is meant to find", async () => {
    expect(
      await problems(
        '<!doctype html><html lang="en"><head><title>x</title></head><body><p><div></div></p></body></html>',
      ),
    ).not.toEqual([]);
  });

  it("public pages, the email links' pages, the 404 page and the app's shell", async () => {
    const action = await createAction();
    const event = await createEvent({ startAtUtc: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    const subscriber = await createSubscriber();
    const pending = await createSubscriber({ active: false, confirmedAt: null });
    const confirm = await createReconfirmation(
      db(),
      pending,
      { firstName: "Fern", zipCode: null, timeZone: "America/New_York" },
      new Date(),
    );
    const paths = [
      "/",
      "/how-it-works",
      "/events",
      eventPath(event),
      "/actions",
      `/actions/${action.slug}`,
      "/about",
      "/support",
      "/submit-event",
      "/auth",
      "/auth/verify?token=x",
      `/unsubscribe?token=${subscriber.manageToken}`,
      "/unsubscribe",
      `/subscribe/confirm?token=${confirm}`,
      "/did-it",
      "/no/such/page",
      "/admin",
    ];
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const page = await api(path);
      // A sign-in link that is not one (token=x) is answered 404 on its own page (decision 215).
      expect(page.status, path).toBe(path === "/no/such/page" || path.startsWith("/auth/verify") ? 404 : 200);
      const list = await problems(await page.text());
      if (list.length) found[path] = list;
    }
    expect(found).toEqual({});
  });
});
