import type { MailMessage, MailProvider, SendResult } from "../../platform/mail/types";

/**
 * A searched provider (Postmark) is asked what it accepted this long after an ambiguous answer: its
 * message search shows a message once Postmark has queued it, which takes seconds (decision 198).
 */
export const SETTLE_AFTER_SECONDS = 60;

/** What a recipient of an unsettled request gets when the provider can be neither re-asked nor searched. */
export const CANNOT_SETTLE =
  "unsettled: the provider's answer was ambiguous and it cannot be asked what it sent; not resent";
const SEARCH_FAILED = "the provider's message search could not be read; asked again later";

/** A fresh name for one provider request: short enough for Postmark's 80-character metadata values. */
export const newSendKey = () => `w-${crypto.randomUUID()}`;

/**
 * Sends messages under `sendKey` in calls of at most the provider's batch size. A provider that
 * deduplicates by key needs one key per call: the n-th call of a larger group is `key.n` (the same split,
 * so the same keys, on every attempt). A searched provider gets the one key on every call, so one search
 * finds them all. A thrown error is a bug in an adapter, which reports network failures itself:
 * retryable, not ambiguous.
 */
export async function sendUnderKey(
  provider: MailProvider,
  messages: MailMessage[],
  sendKey: string,
): Promise<SendResult[]> {
  const results: SendResult[] = [];
  const size = Math.max(1, provider.maxBatchSize);
  for (let i = 0; i < messages.length; i += size) {
    const chunk = messages.slice(i, i + size);
    const key = i === 0 || provider.settlement === "search" ? sendKey : `${sendKey}.${i / size}`;
    try {
      const answer = await provider.sendBatch(chunk, { sendKey: key });
      results.push(...chunk.map((_, j): SendResult => answer[j] ?? { ok: false, error: "no result", retryable: true }));
    } catch (err) {
      const error = `provider error: ${err instanceof Error ? err.message : String(err)}`;
      results.push(...chunk.map((): SendResult => ({ ok: false, error, retryable: true })));
    }
  }
  return results;
}

/**
 * Outcomes for recipients of an earlier request under `sendKey` whose answer was ambiguous (a timeout,
 * a 5xx, or a consumer that stopped mid-request). Nothing is resent on a guess:
 * - a provider that deduplicates by key gets the same recipients again under the same key;
 * - a searched provider is asked what it accepted: those are sent (with its message ids), the others
 *   were never taken and go now, under the same key so a later search sees both requests;
 * - a provider that can do neither leaves them failed, with the reason, for the admin to see.
 */
export async function settleUnderKey(
  provider: MailProvider,
  messages: MailMessage[],
  sendKey: string,
): Promise<SendResult[]> {
  if (provider.settlement === "same-key") return sendUnderKey(provider, messages, sendKey);
  if (provider.settlement !== "search" || !provider.findSent)
    return messages.map(() => ({ ok: false, error: CANNOT_SETTLE, retryable: false }));

  const found = await provider.findSent(sendKey);
  if (!found) return messages.map(() => ({ ok: false, error: SEARCH_FAILED, retryable: true, ambiguous: true }));
  const idOf = (m: MailMessage) => found.get(m.to.trim().toLowerCase());
  const rest = messages.filter((m) => idOf(m) === undefined);
  const resent = rest.length > 0 ? await sendUnderKey(provider, rest, sendKey) : [];
  let next = 0;
  return messages.map((m): SendResult => {
    const id = idOf(m);
    return id !== undefined ? { ok: true, providerMessageId: id } : (resent[next++] as SendResult);
  });
}
