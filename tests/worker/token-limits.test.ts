import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DID_IT_COPY } from "#contract/did-it/messages";
import { signDidItToken } from "../../worker/features/did-it/token";
import { fillClientWindow, fromIp, SAME_ORIGIN, uniqueIp } from "./auth-support";
import { api, config } from "./helpers";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

/** RATE_LIMIT_TOKENS's threshold in wrangler.toml (a minute, per client and endpoint; decision 216). */
const TOKEN_LIMIT = 120;

type Endpoint = {
  name: string;
  scope: string;
  /** One request of the endpoint, as its real client sends it, from `ip`. */
  send: (ip: string) => Promise<Response>;
};

const json =
  (path: string, body: unknown, headers: Record<string, string> = {}) =>
  (ip: string) =>
    api(path, { method: "POST", json: body, headers: fromIp(ip, headers) });

/** The "I did it" page's forms, as a browser without JavaScript posts them. */
const didItForm = (path: string, token: string) => (ip: string) =>
  api(path, { method: "POST", body: new URLSearchParams({ token }), redirect: "manual", headers: fromIp(ip) });

async function didItToken() {
  const action = await createAction();
  const subscriber = await createSubscriber();
  const campaign = await createCampaign(action.id, [subscriber.id]);
  return signDidItToken(config(), { subscriberId: subscriber.id, actionId: action.id, campaignId: campaign.id });
}

/** Every POST that a token alone authorises (issue 40, item 5). */
async function endpoints(): Promise<Endpoint[]> {
  const sub = await createSubscriber();
  const token = sub.manageToken;
  const didIt = await didItToken();
  return [
    { name: "confirm", scope: "subscription-confirm", send: json("/api/subscription/confirm", { token }) },
    { name: "unsubscribe", scope: "subscription-unsubscribe", send: json("/api/subscription/unsubscribe", { token }) },
    { name: "resubscribe", scope: "subscription-resubscribe", send: json("/api/subscription/resubscribe", { token }) },
    { name: "delete", scope: "subscription-delete", send: json("/api/subscription/delete", { token: "A".repeat(43) }) },
    {
      name: "one-click",
      scope: "subscription-one-click",
      send: (ip) =>
        api(`/api/subscription/one-click?token=${token}`, {
          method: "POST",
          body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
          headers: fromIp(ip),
        }),
    },
    { name: "did-it", scope: "did-it", send: didItForm("/did-it", didIt) },
    { name: "did-it progress link", scope: "did-it", send: didItForm("/did-it/progress-link", didIt) },
    { name: "refresh", scope: "refresh", send: json("/api/auth/refresh", {}, SAME_ORIGIN) },
    { name: "sign-out", scope: "sign-out", send: json("/api/auth/sign-out", {}, SAME_ORIGIN) },
  ];
}

describe("per-client limits on the token-only POSTs", { timeout: 60_000 }, () => {
  it("refuses a client past its window with 429 and Retry-After; another client is unaffected", async () => {
    for (const endpoint of await endpoints()) {
      const ip = uniqueIp();
      await fillClientWindow(env.RATE_LIMIT_TOKENS, `tokens:${endpoint.scope}:${ip}`, TOKEN_LIMIT);
      const refused = await endpoint.send(ip);
      expect(refused.status, endpoint.name).toBe(429);
      expect(Number(refused.headers.get("Retry-After")), endpoint.name).toBeGreaterThan(0);
      const other = await endpoint.send(uniqueIp());
      expect(other.status, `${endpoint.name} from another client`).not.toBe(429);
    }
  });

  it("counts each request: the window's last request passes, the next one is refused", async () => {
    const ip = uniqueIp();
    const send = json("/api/subscription/unsubscribe", { token: "A".repeat(43) });
    await fillClientWindow(env.RATE_LIMIT_TOKENS, `tokens:subscription-unsubscribe:${ip}`, TOKEN_LIMIT - 1);
    expect((await send(ip)).status).toBe(404);
    const refused = await send(ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        code: "rate_limited",
        message: "Too many requests from your network. Please wait a minute and try again.",
      },
    });
  });

  it("answers a refused I did it form with its page, saying to wait", async () => {
    const token = await didItToken();
    const ip = uniqueIp();
    await fillClientWindow(env.RATE_LIMIT_TOKENS, `tokens:did-it:${ip}`, TOKEN_LIMIT);
    const res = await api("/did-it", {
      method: "POST",
      body: new URLSearchParams({ token }),
      redirect: "manual",
      headers: fromIp(ip),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain(DID_IT_COPY.wait);
  });
});
