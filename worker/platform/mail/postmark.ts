import * as http from "./http";
import {
  type ConnectionCheck,
  MailAdapter,
  type MailMessage,
  type Sender,
  type SendOptions,
  type SendResult,
} from "./types";

const DEFAULT_BASE_URL = "https://api.postmarkapp.com";

type PostmarkResult = { ErrorCode?: number; Message?: string; MessageID?: string; To?: string };
type PostmarkSearchReply = { Messages?: { MessageID?: string; Recipients?: string[] }[] };

/** The metadata field that names a request, for the message search (decision 198). */
const SEND_KEY_FIELD = "send_key";

/** Postmark API error codes that describe a passing condition rather than a bad message. */
const RETRYABLE_CODES = new Set([100 /* maintenance */, 429 /* rate limited */]);

export type PostmarkOptions = http.HttpProviderOptions & {
  /** Postmark's stream id for marketing mail ("broadcast"); Postmark requires bulk mail on a broadcast stream. */
  broadcastStream?: string;
  /** Postmark's stream id for account mail ("outbound", the default transactional stream). */
  transactionalStream?: string;
};

/**
 * Postmark's batch endpoint (POST /email/batch, at most 500 messages). It answers 200 even when
 * single messages fail, so every per-message ErrorCode is checked. Postmark has no idempotency keys:
 * exactly-once rests on our ledger (written before the call, marked after), and a request whose answer
 * was lost is looked up by its send key (message metadata) before anything goes again (decision 198).
 */
export class PostmarkProvider extends MailAdapter {
  readonly name = "postmark";
  readonly maxBatchSize = 500;
  readonly settlement = "search";
  private readonly post: http.JsonPoster;

  constructor(
    private readonly options: PostmarkOptions,
    sender: Sender,
  ) {
    super(sender);
    this.post = http.jsonPoster(options, DEFAULT_BASE_URL);
  }

  async sendBatch(messages: MailMessage[], options: SendOptions = {}): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    this.assertBatchSize(messages.length);

    const payload = messages.map((m) => {
      const { from, replyTo, headers } = this.envelope(m);
      return {
        From: from,
        To: m.to,
        Subject: m.subject,
        HtmlBody: m.html,
        TextBody: m.text,
        ...(replyTo ? { ReplyTo: replyTo } : {}),
        Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })),
        // The two streams keep their own reputation and their own inactive recipients at Postmark: a
        // complaint about the newsletter does not stop sign-in links.
        MessageStream:
          m.stream === "marketing"
            ? (this.options.broadcastStream ?? "broadcast")
            : (this.options.transactionalStream ?? "outbound"),
        ...(options.sendKey ? { Metadata: { [SEND_KEY_FIELD]: options.sendKey } } : {}),
      };
    });

    let reply: http.HttpReply;
    try {
      reply = await this.post("/email/batch", { "X-Postmark-Server-Token": this.options.apiKey }, payload);
    } catch (err) {
      return http.failAll(messages.length, `postmark: ${http.thrownText(err)}`, true, undefined, true);
    }

    if (reply.status >= 200 && reply.status < 300 && Array.isArray(reply.body)) {
      return mapResults(reply.body as PostmarkResult[], messages.length);
    }
    const error = `postmark: ${http.describeError(reply.status, reply.body)}`;
    const code = (reply.body as PostmarkResult | null)?.ErrorCode;
    const retryable = http.isRetryableStatus(reply.status) || (code !== undefined && RETRYABLE_CODES.has(code));
    return http.failAll(
      messages.length,
      error,
      retryable,
      http.retryAfterSeconds(reply.headers),
      http.mayHaveBeenAccepted(reply.status),
    );
  }

  /**
   * Outbound message search by the send key's metadata (one field per search, at most 500 a page: a
   * batch is at most 500). Null when Postmark cannot be asked, so nothing is resent on a guess.
   */
  async findSent(sendKey: string): Promise<Map<string, string> | null> {
    const query = `count=${this.maxBatchSize}&offset=0&metadata_${SEND_KEY_FIELD}=${encodeURIComponent(sendKey)}`;
    let reply: http.HttpReply;
    try {
      reply = await this.post(`/messages/outbound?${query}`, { "X-Postmark-Server-Token": this.options.apiKey });
    } catch {
      return null;
    }
    const messages = (reply.body as PostmarkSearchReply | null)?.Messages;
    if (reply.status < 200 || reply.status >= 300 || !Array.isArray(messages)) return null;
    const found = new Map<string, string>();
    for (const m of messages) {
      for (const to of m.Recipients ?? []) if (m.MessageID) found.set(to.trim().toLowerCase(), m.MessageID);
    }
    return found;
  }

  /**
   * GET /server with the server token: proves the token. Sender signatures and domains are read with
   * the account token, which this app does not hold, so the domain is left to Postmark's send errors.
   */
  async checkConnection(): Promise<ConnectionCheck> {
    let reply: http.HttpReply;
    try {
      reply = await this.post("/server", { "X-Postmark-Server-Token": this.options.apiKey });
    } catch (err) {
      return { ok: false, details: `Could not reach Postmark: ${http.thrownText(err)}` };
    }
    if (reply.status < 200 || reply.status >= 300)
      return {
        ok: false,
        details: `Postmark refused the server token (${http.describeError(reply.status, reply.body)})`,
      };
    const name = (reply.body as { Name?: unknown } | null)?.Name;
    return {
      ok: true,
      details: `Server token accepted${typeof name === "string" ? ` (server "${name.slice(0, 100)}")` : ""}`,
    };
  }
}

function mapResults(results: PostmarkResult[], count: number): SendResult[] {
  return Array.from({ length: count }, (_, i): SendResult => {
    const r = results[i];
    if (!r) return { ok: false, error: "postmark: no result for this message", retryable: true, ambiguous: true };
    if (r.ErrorCode === 0 && r.MessageID) return { ok: true, providerMessageId: r.MessageID };
    const code = r.ErrorCode ?? -1;
    return {
      ok: false,
      error: `postmark: ${code} ${(r.Message ?? "rejected").slice(0, 300)}`,
      retryable: RETRYABLE_CODES.has(code),
      // Per-message answers of an accepted batch are about that recipient (406: inactive, 300: invalid).
      ...(RETRYABLE_CODES.has(code) ? {} : { recipientRefused: true }),
    };
  });
}
