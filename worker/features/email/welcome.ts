import { and, eq, isNull, lte, or } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { emailCampaigns, subscribers } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { translate } from "../../platform/i18n";
import { SUPPRESSED_ERROR, suppressedAmong } from "../../platform/mail/suppressions";
import type { SendResult } from "../../platform/mail/types";
import { openManageToken } from "../../platform/manage-token";
import { findCurrentActionRow, siteFromConfig, toEmailAction } from "./content";
import { backoffSeconds, type EmailDeps, type EmailJob } from "./jobs";
import { ledger } from "./ledger-sql";
import { reconfirmUrl } from "./reconfirm-email";
import { readEmailSettings } from "./settings";
import { suppressionOf } from "./suppressions";
import { renderConfirmSignupEmail } from "./templates/confirm-signup";
import { manageLinks } from "./templates/layout";
import { renderWelcomeEmail } from "./templates/welcome";

/** A second welcome inside this window is skipped (double signups, unsubscribe-and-back). */
export const WELCOME_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Claims the welcome for a subscriber at `at`: succeeds when none went out in the last 24 hours, or
 * when this very claim was made before (a retried queue message re-claims its own timestamp).
 */
async function claimWelcome(db: Db, subscriberId: string, at: string): Promise<boolean> {
  const windowStart = new Date(new Date(at).getTime() - WELCOME_WINDOW_MS).toISOString();
  const rows = await db
    .update(subscribers)
    .set({ lastWelcomeSentAt: at })
    .where(
      and(
        eq(subscribers.id, subscriberId),
        or(
          isNull(subscribers.lastWelcomeSentAt),
          lte(subscribers.lastWelcomeSentAt, windowStart),
          eq(subscribers.lastWelcomeSentAt, at),
        ),
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** The key the manage tokens are sealed under (decision 214). */
const jwtSecretOf = (deps: EmailDeps) => deps.config.JWT_SECRET ?? "";

type WelcomeRecipient = {
  id: string | null;
  email: string;
  firstName: string;
  manageToken: string | null;
  locale: Locale;
};

async function renderFor(deps: EmailDeps, recipient: WelcomeRecipient) {
  const settings = await readEmailSettings(deps.db, deps.kv);
  const site = siteFromConfig(deps.config);
  const actionRow = await findCurrentActionRow(deps.db, deps.now(), deps.config.SITE_TIMEZONE);
  // The admin writes the welcome's subject and preview text in English (Email Settings); other languages
  // take theirs from the catalogue, so a Spanish subscriber's inbox line is in Spanish too.
  const english = recipient.locale === DEFAULT_LOCALE;
  return {
    settings,
    email: renderWelcomeEmail({
      site,
      locale: recipient.locale,
      subject: english
        ? settings.welcome_subject
        : translate(recipient.locale, "email.welcome.subject", { site: site.name }),
      previewText: english ? settings.welcome_preview_text : translate(recipient.locale, "email.welcome.preheader"),
      action: actionRow ? toEmailAction(actionRow) : null,
      recipient: {
        firstName: recipient.firstName,
        links: manageLinks(site, recipient.manageToken, recipient.locale),
      },
    }),
  };
}

/**
 * The welcome job: enqueued by a confirmation (the welcome follows it, decision 225), or by a signup with
 * `confirmToken`, which sends the "Confirm your Earthkind subscription" email instead.
 */
export async function deliverWelcome(
  deps: EmailDeps,
  job: Extract<EmailJob, { type: "welcome" }>,
  attempts: number,
): Promise<{ retryAfterSeconds?: number }> {
  const [sub] = await deps.db.select().from(subscribers).where(eq(subscribers.id, job.subscriberId)).limit(1);
  if (sub && job.confirmToken && sub.confirmedAt === null && !sub.active)
    return deliverSignupConfirmation(deps, sub, job, job.confirmToken, attempts);
  if (!sub?.active) return {};
  const settings = await readEmailSettings(deps.db, deps.kv);
  if (!settings.welcome_enabled) return {};
  // Checked before the claim, so a suppressed address does not use up its welcome for later.
  if ((await suppressedAmong(deps.db, [sub.email])).size > 0) return {};
  if (!(await claimWelcome(deps.db, sub.id, job.requestedAt))) return {};

  const { email } = await renderFor(deps, {
    id: sub.id,
    email: sub.email,
    firstName: sub.firstName,
    manageToken: await openManageToken(jwtSecretOf(deps), sub),
    locale: sub.locale,
  });
  const [result] = await sendOne(deps, {
    to: sub.email,
    ...email,
    stream: "marketing",
    idempotencyKey: `welcome:${sub.id}:${job.requestedAt}`,
  });
  if (result?.ok) return {};
  if (result?.retryable) return { retryAfterSeconds: result.retryAfterSeconds ?? backoffSeconds(attempts) };
  if (!result?.suppressed) console.error("welcome email rejected", sub.id, result?.error);
  return {};
}

/**
 * A pending signup's confirmation email, "Confirm your Earthkind subscription" (decisions 182, 225): only the
 * link and what it does; the welcome follows once the person confirms. It always goes, whatever the
 * welcome's settings: without it the signup could never become a subscription. Like the returning
 * address's confirmation it may reach a complaint-suppressed address (its owner just asked), never a
 * bounced one.
 */
async function deliverSignupConfirmation(
  deps: EmailDeps,
  sub: typeof subscribers.$inferSelect,
  job: Extract<EmailJob, { type: "welcome" }>,
  token: string,
  attempts: number,
): Promise<{ retryAfterSeconds?: number }> {
  const { requestedAt } = job;
  // The language of the signup that asked (a pending address may sign up again from the other language's page).
  const locale = job.locale ?? sub.locale;
  const site = siteFromConfig(deps.config);
  const suppression = await suppressionOf(deps.db, sub.email);
  const email = renderConfirmSignupEmail({
    site,
    locale,
    firstName: sub.firstName,
    confirmUrl: reconfirmUrl(site.url, token, locale),
    links: manageLinks(site, await openManageToken(jwtSecretOf(deps), sub), locale),
  });
  const [result] = await sendOne(deps, {
    to: sub.email,
    ...email,
    idempotencyKey: `confirm:${sub.id}:${requestedAt}`,
    // A confirmation asks for consent the person has not given yet: marketing mail (decisions 181, 182).
    stream: "marketing",
    evenIfSuppressed: suppression === "complaint",
  });
  if (result?.ok) return {};
  if (result?.retryable) return { retryAfterSeconds: result.retryAfterSeconds ?? backoffSeconds(attempts) };
  if (!result?.suppressed) console.error("signup confirmation email rejected", sub.id, result?.error);
  return {};
}

async function sendOne(deps: EmailDeps, message: Parameters<EmailDeps["provider"]["sendBatch"]>[0][number]) {
  try {
    return await deps.provider.sendBatch([message]);
  } catch (err) {
    return [
      { ok: false, error: err instanceof Error ? err.message : String(err), retryable: true } satisfies SendResult,
    ];
  }
}

export type WelcomeTestResult =
  | { skipped: true; message: string }
  | { ok: true; campaign_id: string }
  | { ok: false; error: string; campaign_id: string; suppressed?: boolean };

/**
 * The admin's welcome test: the real welcome email, sent now, following the same 24-hour rule. For a
 * subscriber the rule uses their record; for any other address a KV marker (approximate is enough
 * for an admin tool). Recorded as a 'welcome_test' campaign with one ledger row.
 */
export async function sendWelcomeTest(
  deps: EmailDeps,
  input: { email: string; firstName?: string; triggeredBy: string },
): Promise<WelcomeTestResult> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const [sub] = await deps.db.select().from(subscribers).where(eq(subscribers.email, input.email)).limit(1);
  const skipped = {
    skipped: true as const,
    message: "A welcome email was already sent to this address in the last 24 hours.",
  };
  if ((await suppressedAmong(deps.db, [input.email])).size > 0)
    return { ok: false, error: SUPPRESSED_ERROR, campaign_id: "", suppressed: true };
  const markerKey = `welcome-test:${input.email}`;
  if (sub) {
    if (!(await claimWelcome(deps.db, sub.id, nowIso))) return skipped;
  } else {
    if (await deps.kv.get(markerKey).catch(() => null)) return skipped;
  }

  const recipient: WelcomeRecipient = sub
    ? {
        id: sub.id,
        email: sub.email,
        firstName: input.firstName || sub.firstName,
        manageToken: await openManageToken(jwtSecretOf(deps), sub),
        locale: sub.locale,
      }
    : {
        id: null,
        email: input.email,
        firstName: input.firstName || "friend",
        manageToken: null,
        locale: DEFAULT_LOCALE,
      };
  const { email } = await renderFor(deps, recipient);

  const [campaign] = await deps.db
    .insert(emailCampaigns)
    .values({ kind: "welcome_test", status: "sending", triggeredBy: input.triggeredBy })
    .returning({ id: emailCampaigns.id });
  const campaignId = (campaign as { id: string }).id;
  const recipientKey = recipient.id ?? `address:${input.email}`;
  await deps.db.$client.batch([ledger(deps.db.$client).insertOne(campaignId, recipientKey, nowIso)]);

  const [result] = await sendOne(deps, {
    to: input.email,
    ...email,
    stream: "marketing",
    idempotencyKey: `welcome-test:${campaignId}`,
  });
  await recordSingleOutcome(deps.db, campaignId, recipientKey, result, nowIso);
  if (!result?.ok)
    return { ok: false, error: result?.error ?? "no result", campaign_id: campaignId, suppressed: result?.suppressed };
  if (!sub) await deps.kv.put(markerKey, nowIso, { expirationTtl: WELCOME_WINDOW_MS / 1000 }).catch(() => {});
  return { ok: true, campaign_id: campaignId };
}

/** Outcome of a one-message campaign (tests, welcome tests): ledger row, then the campaign, in one transaction. */
export async function recordSingleOutcome(
  db: Db,
  campaignId: string,
  recipientKey: string,
  result: SendResult | undefined,
  nowIso: string,
): Promise<void> {
  const ok = result?.ok === true;
  const suppressed = result?.ok === false && result.suppressed === true;
  const error = result && !result.ok ? result.error.slice(0, 500) : null;
  const sqlLedger = ledger(db.$client);
  const outcome = ok
    ? sqlLedger.markAllSent(campaignId, JSON.stringify([recipientKey]), nowIso)
    : suppressed
      ? sqlLedger.markSuppressed(campaignId, recipientKey, nowIso)
      : sqlLedger.markFailed(campaignId, recipientKey, error ?? "no result", nowIso);
  await db.$client.batch([
    ...outcome,
    db.$client
      .prepare(
        `UPDATE email_campaigns SET status = ?2, completed_at = ?3, fanout_done_at = ?3, error = ?4 WHERE id = ?1`,
      )
      .bind(campaignId, ok ? "completed" : "failed", nowIso, error),
  ]);
}
