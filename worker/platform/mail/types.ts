export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Unique per logical message; providers that support it deduplicate retries with it. */
  idempotencyKey?: string;
  /** Overrides the sender's Reply-To (e.g. the contact form answers the person who wrote). */
  replyTo?: string;
  /**
   * Bulk newsletter mail or one-to-one mail. Providers that separate the two (Postmark's message
   * streams) route on it; the default is transactional.
   */
  stream?: "transactional" | "broadcast";
  /**
   * Sent even to an address on the suppression list. Only the "confirm you want the weekly email
   * again" message does this: its owner has just asked for it on the signup form.
   */
  evenIfSuppressed?: boolean;
};

export type SendResult =
  | { ok: true; providerMessageId: string }
  | { ok: false; error: string; retryable: boolean; retryAfterSeconds?: number; suppressed?: boolean };

/** What the provider's own API says about our key and sending domain (no message is sent). */
export type ConnectionCheck = { ok: boolean; details: string };

/** One adapter per provider; `sendBatch` answers one result per message, in order. */
export interface MailProvider {
  readonly name: string;
  /** How many messages one `sendBatch` call may carry. */
  readonly maxBatchSize: number;
  sendBatch(messages: MailMessage[]): Promise<SendResult[]>;
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

  abstract sendBatch(messages: MailMessage[]): Promise<SendResult[]>;
  abstract checkConnection(): Promise<ConnectionCheck>;

  /** From and Reply-To of one message (a message may answer to someone else, e.g. the contact form). */
  protected envelope(m: MailMessage) {
    return { from: formatFrom(this.sender), replyTo: m.replyTo ?? this.sender.replyTo };
  }

  /** Senders split by `maxBatchSize`, so a larger batch is a bug, not a request to refuse politely. */
  protected assertBatchSize(count: number) {
    if (count > this.maxBatchSize) throw new Error(`${this.name}: at most ${this.maxBatchSize} messages per batch`);
  }
}
