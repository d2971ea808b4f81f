import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale, localizePath } from "#contract/i18n/locales";
import { subscribers } from "../../../db/schema";
import { siteFromConfig } from "./content";
import { backoffSeconds, type EmailDeps, type EmailJob } from "./jobs";
import { suppressionOf } from "./suppressions";
import { renderReconfirmEmail } from "./templates/reconfirm";

/** The confirmation page's address (web route `confirmSubscription`), in the email's language. */
export const reconfirmUrl = (siteUrl: string, token: string, locale: Locale = DEFAULT_LOCALE) =>
  `${siteUrl}${localizePath(`/subscribe/confirm?token=${encodeURIComponent(token)}`, locale)}`;

/**
 * Sends "confirm you want the weekly email again". It may go to an address suppressed for a complaint
 * (its owner just asked on the signup form, and nothing else is sent until they confirm), never to
 * one that bounces.
 */
export async function deliverReconfirm(
  deps: EmailDeps,
  job: Extract<EmailJob, { type: "reconfirm" }>,
  attempts: number,
): Promise<{ retryAfterSeconds?: number }> {
  const [sub] = await deps.db.select().from(subscribers).where(eq(subscribers.id, job.subscriberId)).limit(1);
  if (!sub || sub.active) return {};
  const site = siteFromConfig(deps.config);
  // In the language of the signup that asked; its confirmation page, in that language, stores it (decision 274).
  const locale = job.locale ?? sub.locale;
  const rendered = renderReconfirmEmail({
    site,
    locale,
    firstName: sub.firstName,
    confirmUrl: reconfirmUrl(site.url, job.token, locale),
  });
  const complaintOnly = (await suppressionOf(deps.db, sub.email)) === "complaint";
  let result: Awaited<ReturnType<EmailDeps["provider"]["sendBatch"]>>[number] | undefined;
  try {
    [result] = await deps.provider.sendBatch([
      {
        to: sub.email,
        ...rendered,
        stream: "marketing",
        idempotencyKey: `reconfirm:${sub.id}:${job.requestedAt}`,
        evenIfSuppressed: complaintOnly,
      },
    ]);
  } catch (err) {
    result = { ok: false, error: err instanceof Error ? err.message : String(err), retryable: true };
  }
  if (!result || result.ok) return {};
  if (result.retryable) return { retryAfterSeconds: result.retryAfterSeconds ?? backoffSeconds(attempts) };
  if (!result.suppressed) console.error("reconfirm email rejected", sub.id, result.error);
  return {};
}
