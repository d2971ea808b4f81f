import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { SERVER_STATE_ID, type ServerState } from "#contract/pages/render-contract";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { tips } from "../../db/schema";
import { purgePageCache } from "../../worker/features/pages/page-cache";
import { PETITIONS_KEY } from "../../worker/features/petitions/service";
import { adminHeaders, api, config, db, signIn } from "./helpers";
import { actionBody, createAction, createUser, petition } from "./support/factories";
import { restoreSettingsAfterEach } from "./support/settings";

type DehydratedQuery = { queryKey: unknown[]; state: { data: unknown; status: string } };

/** The start-up state the Worker put in the page for the browser's query cache. */
function serverState(html: string): ServerState & { queries: { queries: DehydratedQuery[] } } {
  const json = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">(.*?)</script>`, "s").exec(
    html,
  )?.[1];
  if (!json) throw new Error("the page carries no server state");
  return JSON.parse(json);
}

const cachedData = (html: string, key: unknown[]) =>
  serverState(html).queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;

/** The rendered app only: what a visitor without JavaScript reads. */
const rootHtml = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf(`id="${SERVER_STATE_ID}"`));

const daysFromToday = (days: number) => addDays(dayInZone(new Date(), config().SITE_TIMEZONE), days);

async function currentAction() {
  return createAction({
    title: "Build a bee hotel this week",
    summary: "Give solitary bees a home.",
    whyItMatters: "Solitary bees pollinate a third of our food.",
    steps: ["Drill holes in a block of wood", "Hang it facing south-east"],
    startDate: daysFromToday(-1),
    endDate: daysFromToday(5),
  });
}

/** A member records `action`, with or without a note (issue 13's impact counts move). */
async function recordCompletion(actionId: string, notes?: string) {
  const { headers } = await signIn(await createUser());
  const res = await api(`/api/me/completions/${actionId}`, { method: "PUT", json: notes ? { notes } : {}, headers });
  expect(res.ok).toBe(true);
}

/** An active tip, added by an admin; `/api/tips/current` then answers a tip. */
async function addTip(headers: HeadersInit, title: string) {
  const res = await api("/api/admin/tips", {
    method: "POST",
    headers,
    json: { title, body: "Wash clothes in cold water.", url: "https://www.energystar.gov/", topic: "energy" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { tip: { id: string; title: string } }).tip;
}

// Pages are cached at the edge between requests; each test starts from an empty (purged) cache.
beforeEach(() => purgePageCache(env.KV));
restoreSettingsAfterEach(PETITIONS_KEY);

// The first render of each page in a fresh isolate loads its code; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 30_000 });

describe("server-rendered public pages", () => {
  it("/ arrives with the hero, this week's action and its buttons", async () => {
    const action = await currentAction();
    const res = await api("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const app = rootHtml(await res.text());
    expect(app).toContain("Protect the Wild. Start Today.");
    expect(app).toContain("This Week&#x27;s Action");
    expect(app).toContain(action.title);
    expect(app).toContain(`href="/actions/${action.slug}"`);
    expect(app).toContain("Sign Up for Weekly Actions");
    expect(app).toContain("Quick Wins to Protect Nature");
    expect(app).toContain("Get outside with people who care");
    // Every lazily loaded block is in place, not a loading fallback swapped in later by a script.
    expect(app).not.toContain("Loading");
    expect(app).not.toMatch(/<script(?! type="application\/json")/);
  });

  it("/ is an island page: each interactive part is marked with its name, its props and when it hydrates", async () => {
    await currentAction();
    const html = await (await api("/")).text();
    expect(html).toContain('<div id="root" data-islands="">');
    const islands = [...html.matchAll(/data-island="(\w+)" data-hydrate="(\w+)" data-props="([^"]*)"/g)].map(
      ([, name, hydrate, props]) => ({ name, hydrate, props: JSON.parse((props ?? "").replaceAll("&quot;", '"')) }),
    );
    // Signed out (no refresh cookie): the completion control waits for use, and "Sign In" is a plain link.
    expect(islands).toEqual([
      { name: "mobileMenu", hydrate: "use", props: {} },
      { name: "weeklyAction", hydrate: "use", props: {} },
      { name: "eventsTeaser", hydrate: "visible", props: {} },
      { name: "signup", hydrate: "visible", props: {} },
    ]);
    // Every slot was filled with the island's own render (the form, the card's button).
    expect(html).not.toContain("<template data-slot=");
    expect(rootHtml(html)).toContain("Mark as Complete");
    expect(serverState(html).site.signedIn).toBe(false);
  });

  it("a page rendered for a signed-in request hydrates the member's islands when seen", async () => {
    await currentAction();
    const session = await signIn(await createUser());
    const html = await (
      await api("/", { headers: { Cookie: `__Host-earthkind_refresh=${session.refreshToken}` } })
    ).text();
    expect(html).toContain('data-island="accountLinks" data-hydrate="visible"');
    expect(html).toContain('data-island="weeklyAction" data-hydrate="visible"');
    expect(serverState(html).site.signedIn).toBe(true);
  });

  it("sign-in is an island page too: its forms are one island; the app's own pages get the empty shell", async () => {
    const html = await (await api("/auth")).text();
    expect(html).toContain('<div id="root" data-islands="">');
    expect(html).toContain('data-island="auth" data-hydrate="visible"');
    expect(await (await api("/my-progress")).text()).toContain('<div id="root"></div>');
  });

  it("public pages carry the public stylesheet; the app's shell the full one, with the admin's utilities (decision 240)", async () => {
    const style = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const publicCss = style(await (await api("/")).text());
    const appCss = style(await (await api("/my-progress")).text());
    // `below-fold` is the public pages' own; `cursor-grab` only the admin's sortable lists use.
    for (const css of [publicCss, appCss]) expect(css).toContain(".below-fold{");
    expect(appCss).toContain(".cursor-grab{");
    expect(publicCss).not.toContain(".cursor-grab{");
    expect(publicCss.length).toBeLessThan(appCss.length);
    expect((await api("/public.html", { headers: { Accept: "text/html" } })).status).toBe(404);
  });

  it("/actions/:slug arrives with the title, Why It Matters and the steps", async () => {
    const action = await currentAction();
    const res = await api(`/actions/${action.slug}`);
    expect(res.status).toBe(200);
    const app = rootHtml(await res.text());
    expect(app).toMatch(new RegExp(`<h1[^>]*>${action.title}</h1>`));
    expect(app).toContain("Why It Matters");
    expect(app).toContain("Solitary bees pollinate a third of our food.");
    expect(app).toContain("Drill holes in a block of wood");
    expect(app).toContain("Hang it facing south-east");
    // Share links use SITE_URL, the same origin the browser is handed.
    expect(app).toContain(encodeURIComponent(`${config().siteOrigin}/actions/${action.slug}`));
  });

  it("/actions/:slug and the home card show the action's impact (issue 13)", async () => {
    const action = await currentAction();
    await recordCompletion(action.id, "Hung it on the shed");
    await recordCompletion(action.id);
    const page = rootHtml(await (await api(`/actions/${action.slug}`)).text());
    expect(page).toContain("2 members did this · 1 shared how it went");
    const home = rootHtml(await (await api("/")).text());
    expect(home).toContain(action.title);
    expect(home).toContain("2 members did this");
  });

  it("/actions shows this week's tip, and How It Works and About the site's impact", async () => {
    const action = await currentAction();
    await recordCompletion(action.id);
    await addTip(await adminHeaders(), "Wash in cold water");
    const { tip } = (await (await api("/api/tips/current")).json()) as { tip: { title: string } };
    expect(rootHtml(await (await api("/actions")).text())).toContain(tip.title);

    const { impact } = (await (await api("/api/impact")).json()) as {
      impact: { total_completions: number; members_with_completions: number };
    };
    expect(impact.total_completions).toBeGreaterThan(0);
    const figure = `recorded <strong>${impact.total_completions.toLocaleString("en-US")}</strong> completed`;
    for (const path of ["/how-it-works", "/about"]) {
      const app = rootHtml(await (await api(path)).text());
      expect(app).toContain('data-testid="site-impact"');
      expect(app).toContain(figure);
    }
  });

  it.each([
    ["/actions", "Weekly Actions", "Past Actions"],
    ["/events", "Local Events", "Enter your location"],
    ["/how-it-works", "How It Works", "What&#x27;s in each weekly action"],
    ["/about", "About Earthkind", "Small actions add up"],
    ["/support", "Caring for your inner world while protecting the outer one.", "Guided Practices"],
    ["/get-support", "Caring for your inner world while protecting the outer one.", "Guided Practices"],
    ["/submit-event", "Submit an Environmental Event", "Event title"],
    ["/auth", "Sign In", "Back to Home"],
  ])("%s arrives rendered", async (path, heading, more) => {
    const res = await api(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const app = rootHtml(html);
    expect(app).toMatch(/<h1[\s>]/);
    expect(app).toContain(heading);
    expect(app).toContain(more);
    // One h1 per page, and the layout around it.
    expect(app.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(app).toContain("<footer");
  });

  it("answers 404 with the not-found page for unknown paths", async () => {
    for (const path of ["/no-such-page", "/actions/a/b"]) {
      const res = await api(path);
      expect(res.status).toBe(404);
      const app = rootHtml(await res.text());
      expect(app).toContain("Oops! Page not found");
      expect(app).toContain("Return to Home");
    }
  });

  it("answers 404 with 'Action not found' for unknown and draft slugs", async () => {
    const draft = await createAction({ status: "draft", publishedAt: null });
    for (const slug of ["no-such-action", draft.slug]) {
      const res = await api(`/actions/${slug}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(rootHtml(html)).toContain("Action not found");
      expect(html).not.toContain(draft.title);
    }
  });

  it("keeps signed-in and admin views client-rendered (the empty shell)", async () => {
    for (const path of ["/my-progress", "/admin", "/actions/preview/some-id"]) {
      const res = await api(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(SERVER_STATE_ID);
    }
  });
});

describe("the data handed to the browser's query cache", () => {
  it("equals the API's answers on the home page", async () => {
    await currentAction();
    const html = await (await api("/")).text();
    expect(cachedData(html, ["actions", "current", "en"])).toEqual(await (await api("/api/actions/current")).json());
    const petitions = (await (await api("/api/petitions?campaign=petitions_home&limit=3")).json()) as {
      petitions: unknown;
    };
    expect(cachedData(html, ["petitions", "public", { campaign: "petitions_home", limit: 3 }])).toEqual(
      petitions.petitions,
    );
    const events = (await (await api("/api/events?radius=25&limit=3")).json()) as { events: unknown };
    expect(cachedData(html, ["events", "search", { radius: 25, limit: 3 }])).toEqual(events.events);
    expect(serverState(html).site).toEqual({
      origin: config().siteOrigin,
      timeZone: config().SITE_TIMEZONE,
      turnstileSiteKey: null,
      locale: "en",
      signedIn: false,
    });
  });

  it("equals the API's answers on /actions and an action page", async () => {
    const action = await currentAction();
    await createAction({ startDate: daysFromToday(-30), endDate: daysFromToday(-24) });
    const actions = await (await api("/actions")).text();
    expect(cachedData(actions, ["actions", "current", "en"])).toEqual(await (await api("/api/actions/current")).json());
    // The archive is paged ("Show older actions"): the cache holds the pages read so far, the first one.
    const archive = cachedData(actions, ["actions", "archive", 10, "en"]) as { pages: { actions: unknown[] }[] };
    expect(archive).toEqual({ pages: [await (await api("/api/actions?limit=10")).json()] });
    expect(archive.pages[0]?.actions.length).toBeGreaterThan(0);

    const page = await (await api(`/actions/${action.slug}`)).text();
    expect(cachedData(page, ["actions", "slug", action.slug, "en"])).toEqual(
      await (await api(`/api/actions/${action.slug}`)).json(),
    );
    // The Spanish page reads the action in Spanish (decision 272), under its own key.
    const spanish = await (await api(`/es/actions/${action.slug}`)).text();
    expect(cachedData(spanish, ["actions", "slug", action.slug, "es"])).toEqual(
      await (await api(`/api/actions/${action.slug}?lang=es`)).json(),
    );
  });

  it("equals the API's answers for the tip on /actions and the site impact on How It Works and About", async () => {
    await addTip(await adminHeaders(), "Line-dry your laundry");
    const actions = await (await api("/actions")).text();
    const tip = await (await api("/api/tips/current")).json();
    expect(tip).toMatchObject({ tip: { title: expect.any(String) } });
    expect(cachedData(actions, ["tips", "current", "en"])).toEqual(tip);

    const impact = await (await api("/api/impact")).json();
    for (const path of ["/how-it-works", "/about"]) {
      expect(cachedData(await (await api(path)).text(), ["site-impact"])).toEqual(impact);
    }
  });

  it("carries `action: null` for an unknown slug, the page's not-found state", async () => {
    const html = await (await api("/actions/no-such-action")).text();
    expect(cachedData(html, ["actions", "slug", "no-such-action", "en"])).toEqual({ action: null });
  });

  it("cannot be closed early by content: '<' is escaped inside the state script", async () => {
    const action = await createAction({ title: "Stop </script><script>alert(1)</script> litter" });
    const html = await (await api(`/actions/${action.slug}`)).text();
    const state = new RegExp(`id="${SERVER_STATE_ID}">(.*?)</script>`, "s").exec(html)?.[1] ?? "";
    expect(state).not.toContain("<");
    expect(cachedData(html, ["actions", "slug", action.slug, "en"])).toMatchObject({ action: { title: action.title } });
  });
});

describe("the edge cache of anonymous pages", () => {
  /** The second anonymous request is answered from the cache once the first one's copy is stored. */
  function expectCachedSoon(path: string) {
    return vi.waitFor(
      async () => {
        const res = await api(path);
        const html = await res.text();
        expect(res.headers.get("X-Page-Cache"), `${path} from the cache`).toBe("hit");
        return html;
      },
      { timeout: 1_000, interval: 20 },
    );
  }

  it("serves a repeat anonymous request from the cache, with the same page", async () => {
    const action = await currentAction();
    const first = await api(`/actions/${action.slug}`);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const html = await first.text();
    // The page, not the document: under load a second miss may store its own copy before the first
    // one's put lands, and the two differ only in the data's render timestamps.
    expect(rootHtml(await expectCachedSoon(`/actions/${action.slug}`))).toBe(rootHtml(html));
    // Browsers always revalidate: only the edge keeps the copy.
    expect((await api(`/actions/${action.slug}`)).headers.get("Cache-Control")).toBe("no-cache");
  });

  it("is bypassed for signed-in requests (the refresh cookie)", async () => {
    await expectCachedSoon("/about");
    const session = await signIn(await createUser());
    const res = await api("/about", { headers: { Cookie: `__Host-earthkind_refresh=${session.refreshToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Page-Cache")).toBe("bypass");
    expect(rootHtml(await res.text())).toContain("About Earthkind");
  });

  it("is purged when an admin edits or publishes an action", async () => {
    const headers = await adminHeaders();
    const created = await api("/api/admin/actions", { method: "POST", headers, json: actionBody() });
    const { action } = (await created.json()) as { action: { id: string; slug: string } };
    const published = await api(`/api/admin/actions/${action.id}/publish`, { method: "POST", headers });
    expect(published.status).toBe(200);
    const before = await expectCachedSoon(`/actions/${action.slug}`);
    expect(before).toContain("Admin action");

    const edit = await api(`/api/admin/actions/${action.id}`, {
      method: "PUT",
      headers,
      json: actionBody({ title: "Count the birds in your garden", slug: action.slug }),
    });
    expect(edit.status).toBe(200);
    const after = await api(`/actions/${action.slug}`);
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(rootHtml(await after.text())).toContain("Count the birds in your garden");
  });

  it("is purged when an admin edits a tip", async () => {
    const headers = await adminHeaders();
    await addTip(headers, "Unplug chargers");
    await expectCachedSoon("/actions");
    const { tip: shown } = (await (await api("/api/tips/current")).json()) as { tip: { id: string } };
    // The shown tip may be a seeded one the other files read: put it back afterwards.
    const [original] = await db().select().from(tips).where(eq(tips.id, shown.id));
    onTestFinished(async () => {
      if (original) await db().update(tips).set(original).where(eq(tips.id, shown.id));
    });
    const edit = await api(`/api/admin/tips/${shown.id}`, {
      method: "PUT",
      headers,
      json: { title: "Switch to LED bulbs", body: "They use a quarter of the energy.", url: "", topic: "energy" },
    });
    expect(edit.status).toBe(200);
    const after = await api("/actions");
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(rootHtml(await after.text())).toContain("Switch to LED bulbs");
  });

  it("is purged when an admin saves the petitions", async () => {
    await expectCachedSoon("/");
    const headers = await adminHeaders();
    const saved = await api("/api/admin/petitions", {
      method: "PUT",
      headers,
      json: {
        petitions: [petition({ title: "Protect the old-growth forest" })],
      },
    });
    expect(saved.status).toBe(200);
    const after = await api("/");
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(rootHtml(await after.text())).toContain("Protect the old-growth forest");
  });
});
