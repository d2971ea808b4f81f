/**
 * The two mail streams (decision 181). Every message names its stream — there is no default — so a new
 * sender has to choose:
 * - `marketing`: mail about the weekly email — the weekly itself, the welcome, "confirm / would you like
 *   it again" and the admin's test sends of them. Suppression (bounce, complaint, soft-bounce streak)
 *   stops it; it may carry List-Unsubscribe; Postmark sends it on the broadcast stream.
 * - `account`: mail a person (or the team) needs whatever they think of the newsletter — sign-in links,
 *   password and account notices, contact-form and operations alerts to the team. Suppression does not
 *   stop it (an address that marked the newsletter as spam can still sign in); it never carries
 *   List-Unsubscribe; Postmark sends it on the transactional stream.
 */
export type MailStream = "marketing" | "account";

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which stream the message belongs to: decides suppression, List-Unsubscribe and the provider's stream. */
  stream: MailStream;
  /** Extra headers. List-Unsubscribe (and -Post) are sent on marketing mail only (`headersFor`). */
  headers?: Record<string, string>;
  /** Unique per logical message; providers that support it deduplicate retries with it. */
  idempotencyKey?: string;
  /** Overrides the sender's Reply-To (e.g. the contact form answers the person who wrote). */
  replyTo?: string;
  /**
   * Marketing mail sent even to an address on the suppression list. Only the "confirm you want the
   * weekly email again" message does this, for a complaint: its owner has just asked for it on the
   * signup form (decision 072). Account mail is never suppressed, so it needs no such flag.
   */
  evenIfSuppressed?: boolean;
};

/** Headers that mark a message as list mail: they belong on the marketing stream only. */
const LIST_HEADERS = new Set(["list-unsubscribe", "list-unsubscribe-post"]);

/** A message's headers as sent: an account message never carries List-Unsubscribe, whatever its template added. */
export function headersFor(m: MailMessage): Record<string, string> {
  const headers = m.headers ?? {};
  if (m.stream === "marketing") return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !LIST_HEADERS.has(name.toLowerCase())));
}

export type SendResult =
  /**
   * `providerMessageId` is null only when the provider says it accepted this request in an earlier
   * attempt whose answer was lost, without repeating its ids (Resend's 409 on a reused key, decision 198).
   */
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      error: string;
      retryable: boolean;
      /**
       * The provider may have accepted the message although the answer says otherwise: the request timed
       * out, or the provider answered 5xx after reading it. Sending it again could send it twice, so it is
       * settled first (decision 198).
       */
      ambiguous?: boolean;
      retryAfterSeconds?: number;
      /** Not sent: the address is on our suppression list (marketing mail only). */
      suppressed?: boolean;
      /**
       * The provider refused this one recipient (say Postmark's inactive recipient after a hard bounce,
       * or an address it cannot send to) while the request itself went through: the failure says
       * something about the address, nothing about the service.
       */
      recipientRefused?: boolean;
    };

/** What the provider's own API says about our key and sending domain (no message is sent). */
export type ConnectionCheck = { ok: boolean; details: string };

export type SendOptions = {
  /**
   * Names this provider request, fixed when its recipients were first claimed (decision 198): Resend sends
   * it as the Idempotency-Key, Postmark as metadata its message search finds. At most 80 characters.
   */
  sendKey?: string;
};

/**
 * How a request whose answer was ambiguous is settled before anything is sent again:
 * - `same-key`: the provider deduplicates a request sent again under the same key (Resend for 24 hours;
 *   the outbox by its unique column), so the same recipients simply go again under it;
 * - `search`: the provider has no idempotency (Postmark), and `findSent` asks it what it accepted.
 * A provider with neither cannot be settled: its ambiguous recipients are reported, never resent.
 */
export type Settlement = "same-key" | "search";

/** One adapter per provider; `sendBatch` answers one result per message, in order. */
export interface MailProvider {
  readonly name: string;
  /** How many messages one `sendBatch` call may carry. */
  readonly maxBatchSize: number;
  readonly settlement?: Settlement;
  sendBatch(messages: MailMessage[], options?: SendOptions): Promise<SendResult[]>;
  /**
   * What the provider accepted under `sendKey`: recipient address (lower case) → its message id; null
   * when the provider could not be asked (the answer stays unsettled).
   */
  findSent?(sendKey: string): Promise<Map<string, string> | null>;
  /** Asks the provider whether the key (and, where it can tell, the sending domain) is valid. */
  checkConnection(): Promise<ConnectionCheck>;
}

export type Sender = { fromEmail: string; fromName: string; replyTo?: string };

export const formatFrom = (s: Sender) => `${s.fromName.replace(/["\r\n]/g, "")} <${s.fromEmail}>`;

/** What every adapter shares: the sender, each message's envelope and the batch-size guard. */
export abstract class MailAdapter implements MailProvider {
  abstract readonly name: string;
  abstract readonly maxBatchSize: number;

  constructor(protected readonly sender: Sender) {}

  abstract sendBatch(messages: MailMessage[], options?: SendOptions): Promise<SendResult[]>;
  abstract checkConnection(): Promise<ConnectionCheck>;

  /**
   * From, Reply-To (a message may answer to someone else, e.g. the contact form) and the headers its
   * stream allows.
   */
  protected envelope(m: MailMessage) {
    return { from: formatFrom(this.sender), replyTo: m.replyTo ?? this.sender.replyTo, headers: headersFor(m) };
  }

  /** Senders split by `maxBatchSize`, so a larger batch is a bug, not a request to refuse politely. */
  protected assertBatchSize(count: number) {
    if (count > this.maxBatchSize) throw new Error(`${this.name}: at most ${this.maxBatchSize} messages per batch`);
  }
}
