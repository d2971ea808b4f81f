import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, like, sql } from "drizzle-orm";
import { emailCampaigns, emailDeliveries, outboxMessages } from "../../db/schema";
import { didItUrlFor } from "../../worker/features/did-it/links";
import { emailDepsFromEnv, handleEmailBatch } from "../../worker/features/email/consumer";
import type { EmailDeps, EmailJob } from "../../worker/features/email/jobs";
import { emailDeadLetters, otherEmailJobs } from "../../worker/jobs/queue";
import type { FetchLike } from "../../worker/platform/mail/http";
import { db } from "./helpers";

export const weeklyJob = (campaignId: string, subscriberIds: string[]): EmailJob => ({
  type: "weekly",
  campaignId,
  subscriberIds,
});

let messageCounter = 0;
/** Runs the email consumer on these jobs exactly as the queue would, and returns each message's fate. */
export async function runConsumer(jobs: EmailJob[], deps: EmailDeps, opts: { attempts?: number; queue?: string } = {}) {
  const batch = createMessageBatch<EmailJob>(
    opts.queue ?? "earthkind-email",
    jobs.map((body) => ({ id: `m-${++messageCounter}`, timestamp: new Date(), attempts: opts.attempts ?? 1, body })),
  );
  // getQueueResult does not report retry delays; record them on the way through.
  const delays: { msgId: string; delaySeconds?: number }[] = [];
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (options?: QueueRetryOptions) => {
      delays.push({ msgId: m.id, delaySeconds: options?.delaySeconds });
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  if (opts.queue?.endsWith("-dlq")) await emailDeadLetters(batch, deps);
  else await handleEmailBatch(batch, deps, otherEmailJobs);
  return { ...(await getQueueResult(batch, ctx)), retryDelays: delays };
}

/** The sending dependencies as the queue consumer wires them (the "I did it" link included). */
export const testDeps = (overrides: Partial<EmailDeps> = {}) => {
  const deps = emailDepsFromEnv(env, overrides);
  return { ...deps, didItUrl: overrides.didItUrl ?? didItUrlFor(deps.config) };
};

export async function deliveriesOf(campaignId: string) {
  return db().select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, campaignId));
}

export async function campaignRow(campaignId: string) {
  const [row] = await db().select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
  return row as typeof emailCampaigns.$inferSelect;
}

/** Outbox messages of one campaign (their idempotency keys start with the campaign id). */
export async function outboxOfCampaign(campaignId: string) {
  return db()
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.idempotencyKey, `${campaignId}:%`));
}

export async function outboxTo(to: string) {
  return db().select().from(outboxMessages).where(eq(outboxMessages.to, to));
}

export async function countOutbox(to: string, subjectLike: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)` })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), like(outboxMessages.subject, subjectLike)));
  return row?.n ?? 0;
}

type Recorded = { url: string; method: string; headers: Headers; body: unknown };

/**
 * A local fake of a provider's HTTP API: answers each request with the next scripted reply (then the
 * default), records what it received. Injected as the adapter's `fetch` — the HTTP boundary.
 */
export function fakeApi(
  defaultReply: (body: unknown, req: Recorded) => Response | Promise<Response>,
  script: ((body: unknown, req: Recorded) => Response | Promise<Response>)[] = [],
) {
  const requests: Recorded[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
    const req = { url, method: init.method ?? "GET", headers: new Headers(init.headers), body };
    requests.push(req);
    const next = script.shift();
    return next ? next(body, req) : defaultReply(body, req);
  };
  return { fetch, requests };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/** Resend's batch answer: one id per message. */
export const resendOk = (body: unknown) =>
  json(200, { data: (body as unknown[]).map((_, i) => ({ id: `re_${Date.now()}_${i}` })) });
/** Postmark's batch answer: one result per message, ErrorCode 0. */
export const postmarkOk = (body: unknown) =>
  json(
    200,
    (body as { To: string }[]).map((m, i) => ({
      ErrorCode: 0,
      Message: "OK",
      MessageID: `pm-${i}-${Date.now()}`,
      To: m.To,
    })),
  );
