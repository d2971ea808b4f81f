import { sha256Hex } from "../crypto";
import * as http from "./http";
import {
  type ConnectionCheck,
  MailAdapter,
  type MailMessage,
  type Sender,
  type SendOptions,
  type SendResult,
} from "./types";

const DEFAULT_BASE_URL = "https://api.resend.com";

type ResendDomainsReply = { data?: { name?: string; status?: string }[] };

type ResendBatchReply = { data?: { id?: string }[]; errors?: { index?: number; message?: string }[] };

/** A 429 asking for at most this many seconds is retried inside the call, up to twice (decision 153). */
const INLINE_429_MAX_WAIT_SECONDS = 2;
const INLINE_429_RETRIES = 2;

/**
 * Resend's batch endpoint (POST /emails/batch, at most 100 messages). Permissive validation, so one
 * bad address fails alone instead of failing its 99 neighbours; the answer's `errors` name them by
 * index. The Idempotency-Key is per request: the caller's send key when it gives one (fixed at the
 * recipients' first attempt, decision 198), else derived from the messages' own keys; a retried batch
 * under the same key is deduplicated by Resend for 24 hours.
 */
export class ResendProvider extends MailAdapter {
  readonly name = "resend";
  readonly maxBatchSize = 100;
  readonly settlement = "same-key";
  private readonly post: http.JsonPoster;
  private readonly slotKey: string;

  constructor(
    private readonly options: http.HttpProviderOptions,
    sender: Sender,
  ) {
    super(sender);
    this.post = http.jsonPoster(options, DEFAULT_BASE_URL);
    this.slotKey = `resend:${options.baseUrl ?? DEFAULT_BASE_URL}`;
  }

  async sendBatch(messages: MailMessage[], options: SendOptions = {}): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    this.assertBatchSize(messages.length);

    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      "x-batch-validation": "permissive",
    };
    const key = options.sendKey ?? (await batchIdempotencyKey(messages));
    if (key) headers["Idempotency-Key"] = key;

    const payload = new http.JsonBody(
      messages.map((m) => {
        const { from, replyTo, headers } = this.envelope(m);
        return {
          from,
          to: [m.to],
          subject: m.subject,
          html: m.html,
          text: m.text,
          ...(replyTo ? { reply_to: replyTo } : {}),
          ...(Object.keys(headers).length > 0 ? { headers } : {}),
          // Resend has no message streams: the tag names the stream in its dashboard and webhook events.
          tags: [{ name: "stream", value: m.stream }],
        };
      }),
    );

    let reply: http.HttpReply;
    for (let retries = 0; ; retries++) {
      try {
        await http.waitForSlot(this.slotKey, this.options.requestsPerSecond, this.options.sharedPacer);
        reply = await this.post("/emails/batch", headers, payload);
      } catch (err) {
        return http.failAll(messages.length, `resend: ${http.thrownText(err)}`, true, undefined, true);
      }
      // "None left in this window" is the usual state of a schedule at the ceiling: with the shared pacer, which
      // sees every consumer's requests, it says nothing new, and holding this isolate for the whole reset would
      // only leave slots unused. Alone, the isolate cannot know who else spent the window, so it holds.
      if (!this.options.sharedPacer) http.observeRateLimit(this.slotKey, reply.headers);
      http.sharePace(this.slotKey, reply.status === 429 ? "rate-limited" : "accepted");
      if (reply.status !== 429) break;
      const wait = http.retryAfterSeconds(reply.headers) ?? 1;
      http.holdRequestSlots(this.slotKey, wait);
      await http.reportRateLimited(this.options.sharedPacer, wait);
      // A 429 from timing jitter says "a second later": waiting it out here (same idempotency key)
      // costs that second, where a queue retry would cost this batch its place in the wave.
      if (retries >= INLINE_429_RETRIES || wait > INLINE_429_MAX_WAIT_SECONDS) break;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }

    if (reply.status >= 200 && reply.status < 300)
      return mapBatchReply(reply.body as ResendBatchReply, messages.length);

    const error = `resend: ${http.describeError(reply.status, reply.body)}`;
    if (reply.status === 409 && errorName(reply.body) === "concurrent_idempotent_requests") {
      // The same batch is in flight from another attempt: try again shortly, Resend replays the answer.
      return http.failAll(messages.length, error, true, 2, true);
    }
    if (reply.status === 409 && errorName(reply.body) === "invalid_idempotent_request" && options.sendKey) {
      // Resend holds this key from an earlier request it accepted, whose answer we lost, and this one's
      // content differs (a re-render: say a petition changed meanwhile). Those recipients were sent to then.
      return messages.map(() => ({ ok: true, providerMessageId: null }));
    }
    const retryAfter = http.retryAfterSeconds(reply.headers);
    return http.failAll(
      messages.length,
      error,
      http.isRetryableStatus(reply.status),
      retryAfter,
      http.mayHaveBeenAccepted(reply.status),
    );
  }

  /**
   * GET /domains: a refused key fails; otherwise the FROM_EMAIL domain must be listed and verified,
   * because Resend refuses to send from any other. A send-only key cannot list domains, which proves
   * the key but not the domain: reported as valid with that caveat.
   */
  async checkConnection(): Promise<ConnectionCheck> {
    let reply: http.HttpReply;
    try {
      reply = await this.post("/domains", { Authorization: `Bearer ${this.options.apiKey}` });
    } catch (err) {
      return { ok: false, details: `Could not reach Resend: ${http.thrownText(err)}` };
    }
    if (errorName(reply.body) === "restricted_api_key")
      return { ok: true, details: "API key accepted (sending-only key: the sending domain cannot be checked with it)" };
    if (reply.status < 200 || reply.status >= 300)
      return { ok: false, details: `Resend refused the API key (${http.describeError(reply.status, reply.body)})` };

    const domain = this.sender.fromEmail.split("@").pop()?.toLowerCase() ?? "";
    const listed = (reply.body as ResendDomainsReply).data?.find((d) => d.name?.toLowerCase() === domain);
    if (!listed)
      return { ok: false, details: `API key accepted, but ${domain} is not a domain of this Resend account` };
    if (listed.status !== "verified")
      return {
        ok: false,
        details: `API key accepted, but ${domain} is not verified (status: ${listed.status ?? "unknown"})`,
      };
    return { ok: true, details: `API key accepted; ${domain} is verified` };
  }
}

function errorName(body: unknown): string | undefined {
  return body && typeof body === "object" && typeof (body as { name?: unknown }).name === "string"
    ? (body as { name: string }).name
    : undefined;
}

/**
 * Successful ids come back in request order for the messages that were accepted; rejected ones are
 * listed by index in `errors` (permissive mode).
 */
function mapBatchReply(body: ResendBatchReply | null, count: number): SendResult[] {
  const data = Array.isArray(body?.data) ? body.data : [];
  const errors = new Map<number, string>();
  for (const e of Array.isArray(body?.errors) ? body.errors : []) {
    if (typeof e.index === "number") errors.set(e.index, e.message ?? "rejected");
  }
  const aligned = data.length === count;
  let next = 0;
  const results: SendResult[] = [];
  for (let i = 0; i < count; i++) {
    const rejected = errors.get(i);
    if (rejected !== undefined) {
      results.push({ ok: false, error: `resend: ${rejected}`, retryable: false, recipientRefused: true });
      if (aligned) next++;
      continue;
    }
    const id = (aligned ? data[i] : data[next++])?.id;
    results.push(
      id
        ? { ok: true, providerMessageId: id }
        : { ok: false, error: "resend: no result for this message", retryable: true, ambiguous: true },
    );
  }
  return results;
}

/** One key per distinct set of logical messages; none when any message has no key of its own. */
export async function batchIdempotencyKey(messages: MailMessage[]): Promise<string | undefined> {
  if (messages.some((m) => !m.idempotencyKey)) return undefined;
  const keys = messages.map((m) => m.idempotencyKey as string);
  if (keys.length === 1) return (keys[0] as string).slice(0, 256);
  return `batch-${await sha256Hex(keys.join("\n"))}`;
}
