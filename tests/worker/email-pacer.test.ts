import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { FetchLike, SharedPacer } from "../../worker/platform/mail/http";
import { sharedPacer } from "../../worker/platform/mail/pacer-client";
import { PACE_CUT } from "../../worker/platform/mail/pacer-schedule";
import { ResendProvider } from "../../worker/platform/mail/resend";
import type { MailMessage } from "../../worker/platform/mail/types";
import { resendOk } from "./email-fixtures";

// The shared pacer in workerd with the real MailPacer Durable Object (decision 208). A ceiling of 10 requests per
// second keeps the test short; the senders pace to 95 % of it, as production paces to 1.9 of Resend's 2.
const CEILING = 10;
const PACED = 9.5;
const sender = { fromEmail: "hello@earthkind.test", fromName: "Earthkind" };
const message = (i: number): MailMessage => ({
  to: `person${i}@example.com`,
  subject: "This week's action",
  html: "<p>Hi</p>",
  text: "Hi",
  idempotencyKey: `pacer-test:${crypto.randomUUID()}:${i}`,
  stream: "marketing",
});

/** A provider that accepts everything and records when each request arrived. */
function countingProvider() {
  const arrivals: number[] = [];
  const fetch: FetchLike = async (_url, init) => {
    arrivals.push(Date.now());
    return resendOk(JSON.parse(String(init.body)));
  };
  return { fetch, arrivals };
}

/** Most requests that arrived within any 1,000 ms (a sliding window, as the provider counts). */
function busiestSecond(arrivals: number[]): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[i] as number) <= (sorted[j] as number) - 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

/**
 * Two senders as two consumers would be: each its own provider instance and API origin (so nothing of the
 * isolate's own slot schedule is shared), each running two jobs side by side, `perSender` requests in all.
 */
async function twoSenders(fetch: FetchLike, pacer: SharedPacer | undefined, perSender: number) {
  const senders = ["a", "b"].map(
    (name) =>
      new ResendProvider(
        {
          apiKey: "re_test",
          baseUrl: `https://resend-${name}-${crypto.randomUUID()}.fake`,
          fetch,
          requestsPerSecond: PACED,
          sharedPacer: pacer,
        },
        sender,
      ),
  );
  await Promise.all(
    senders.flatMap((provider) =>
      [0, 1].map(async (job) => {
        for (let i = job; i < perSender; i += 2) {
          const [result] = await provider.sendBatch([message(i)]);
          expect(result?.ok).toBe(true);
        }
      }),
    ),
  );
}

describe("the shared mail pacer (MailPacer Durable Object)", () => {
  it("keeps two concurrent senders together at most at the ceiling in any second, without starving them", async () => {
    const provider = countingProvider();
    await twoSenders(provider.fetch, sharedPacer(env.MAIL_PACER, `test:${crypto.randomUUID()}`), 15);
    const arrivals = provider.arrivals.sort((a, b) => a - b);
    expect(arrivals).toHaveLength(30);
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(CEILING);
    // 29 intervals from the first request to the last: the rate the two reached together. Never above the ceiling;
    // below it only by what a busy machine costs (how close it comes, ≥ 90 %, is a figure of `npm run bench --
    // email-fanout`, not of a test that shares the machine): half of it would mean the pacer holds senders back.
    const rate = (arrivals.length - 1) / (((arrivals.at(-1) as number) - (arrivals[0] as number)) / 1000);
    expect(rate).toBeGreaterThanOrEqual(0.5 * CEILING);
    expect(rate).toBeLessThanOrEqual(CEILING);
  });

  it("without it, the same two senders each pace to the whole rate and together exceed the ceiling", async () => {
    const provider = countingProvider();
    await twoSenders(provider.fetch, undefined, 15);
    expect(busiestSecond(provider.arrivals)).toBeGreaterThan(CEILING);
  });

  it("holds every sender after a 429 it is told of, and slows the pace for a while", async () => {
    const name = `test:${crypto.randomUUID()}`;
    const stub = env.MAIL_PACER.get(env.MAIL_PACER.idFromName(name));
    const pacer = sharedPacer(env.MAIL_PACER, name);
    expect(await pacer.slot(PACED)).toBe(0);
    expect(await pacer.go(PACED)).toBe(0);
    await pacer.rateLimited(1);
    // A second 429 from the same collision cuts the pace once.
    await pacer.rateLimited(1);
    expect((await stub.state()).pace).toBeCloseTo(PACE_CUT);
    expect(await pacer.slot(PACED)).toBeGreaterThan(900);
  });

  it("a sender whose pacer cannot be reached paces itself and still sends", async () => {
    const provider = countingProvider();
    const broken: SharedPacer = {
      slot: async () => {
        throw new Error("no pacer");
      },
      go: async () => {
        throw new Error("no pacer");
      },
      rateLimited: async () => {
        throw new Error("no pacer");
      },
    };
    const resend = new ResendProvider(
      {
        apiKey: "re_test",
        baseUrl: "https://resend-broken.fake",
        fetch: provider.fetch,
        requestsPerSecond: PACED,
        sharedPacer: broken,
      },
      sender,
    );
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await resend.sendBatch([message(i)]))[0]?.ok).toBe(true);
    // Its own schedule spaced the three: two intervals at 9.5 per second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * (1000 / PACED) - 5);
  });
});
