import { eq, sql } from "drizzle-orm";
import type { Locale } from "#contract/i18n/locales";
import { emailCampaigns } from "../../../db/schema";
import type { MailMessage, SendResult } from "../../platform/mail/types";
import { openManageToken } from "../../platform/manage-token";
import { emailActionsByLocale, loadActionRow, loadEmailPetitions, loadWeeklyExtras, siteFromConfig } from "./content";
import type { EmailAction, EmailEvent, EmailLastWeek, EmailPetition, EmailTip } from "./content-types";
import { backoffSeconds, type EmailDeps, type EmailJob } from "./jobs";
import { ledger } from "./ledger-sql";
import { newSendKey, SETTLE_AFTER_SECONDS, sendUnderKey, settleUnderKey } from "./send-requests";
import { manageLinks } from "./templates/layout";
import { renderWeeklyEmail } from "./templates/weekly";

/**
 * How long a consumer owns the ledger rows it claimed. Longer than any provider call (15 s timeout)
 * plus marking; a crash leaves rows claimable again after it, never sent twice inside it.
 */
export const CLAIM_LEASE_SECONDS = 120;

/** Content shared by every recipient of a campaign, loaded once per consumer invocation. */
export type CampaignContent = {
  /** The action in each reader's language, English where its Spanish is not whole yet (decision 272). */
  actions: Record<Locale, EmailAction>;
  /** When the campaign was prepared: the "I did it" links are signed as of then (see below). */
  preparedAt: Date;
  petitions: EmailPetition[];
  lastWeek: EmailLastWeek | null;
  tips: Record<Locale, EmailTip | null>;
} | null;
export type ContentCache = Map<string, Promise<CampaignContent>>;

export type BatchOutcome = { retryAfterSeconds?: number };

type ClaimedRow = { subscriber_id: string; send_key: string };
type RecipientRow = {
  id: string;
  email: string;
  first_name: string;
  zip_code: string | null;
  locale: Locale;
  manage_token_hash: string;
  manage_token_sealed: string | null;
};

async function campaignContent(deps: EmailDeps, campaignId: string): Promise<CampaignContent> {
  const [campaign] = await deps.db
    .select({ actionId: emailCampaigns.actionId, createdAt: emailCampaigns.createdAt })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, campaignId))
    .limit(1);
  const row = campaign?.actionId ? await loadActionRow(deps.db, campaign.actionId) : null;
  if (!row || !campaign) return null;
  const [petitions, extras] = await Promise.all([
    loadEmailPetitions(deps.db, deps.kv),
    loadWeeklyExtras(deps.db, row, { id: campaignId, kind: "weekly", createdAt: campaign.createdAt }),
  ]);
  return { actions: emailActionsByLocale(row), preparedAt: new Date(campaign.createdAt), petitions, ...extras };
}

/**
 * Sends one recipient batch of a weekly campaign, exactly once per recipient:
 * 1. ledger rows are written for every id (ON CONFLICT DO NOTHING), unsubscribed or deleted people
 *    are marked skipped, and the still-pending rows are claimed with a lease — all in one transaction;
 * 2. only the claimed rows go to the provider, in a request named by a send key written with the claim;
 * 3. outcomes are marked (sent / failed; retryable refusals released for the next attempt; ambiguous
 *    answers held under their send key, and settled under it by the next attempt: decision 198).
 * A repeated message finds its rows sent or claimed and sends nothing again.
 */
export async function deliverWeeklyBatch(
  deps: EmailDeps,
  job: Extract<EmailJob, { type: "weekly" }>,
  attempts: number,
  cache: ContentCache,
): Promise<BatchOutcome> {
  const { db } = deps;
  const ids = JSON.stringify([...new Set(job.subscriberIds)]);
  const cid = job.campaignId;
  const now = deps.now();
  const nowIso = now.toISOString();
  const leaseIso = new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000).toISOString();

  let content = cache.get(cid);
  if (!content) {
    content = campaignContent(deps, cid);
    cache.set(cid, content);
  }
  const loaded = await content;

  const sqlLedger = ledger(db.$client);
  const waveId = job.waveId ?? null;
  const sendKey = newSendKey();
  const before = [
    sqlLedger.insertPending(cid, ids, waveId, nowIso),
    ...sqlLedger.insertMissing(cid, ids, "skipped", "subscriber no longer exists", waveId),
    // Unsubscribed since the fan-out read them (or since an earlier attempt): never sent to.
    sqlLedger.skipInactive(cid, ids, nowIso),
    // Bounced or complained since: recorded as suppressed, never sent to.
    sqlLedger.suppressListed(cid, ids, nowIso),
    // Without the action there is nothing to send: the recipients fail rather than wait forever.
    ...(loaded ? [] : sqlLedger.failPending(cid, ids, "the weekly action no longer exists", nowIso)),
  ];
  const prepared = await db.$client.batch([
    ...before,
    sqlLedger.claim(cid, ids, nowIso, leaseIso, sendKey),
    ...sqlLedger.complete(cid, nowIso),
  ]);
  const claimedRows = (prepared[before.length]?.results ?? []) as ClaimedRow[];

  if (claimedRows.length === 0 || !loaded) {
    // Nothing of ours to send. Rows still pending are leased by another consumer (a duplicate of
    // this message): look again once that lease has run out, in case its holder crashed.
    const left = await sqlLedger.countPending(cid, ids).first<{ n: number }>();
    return (left?.n ?? 0) > 0 ? { retryAfterSeconds: CLAIM_LEASE_SECONDS } : {};
  }

  const claimedIds = JSON.stringify(claimedRows.map((r) => r.subscriber_id));
  const recipients = await db.all<RecipientRow>(
    sql`SELECT id, email, first_name, zip_code, locale, manage_token_hash, manage_token_sealed FROM subscribers WHERE id IN (SELECT value FROM json_each(${claimedIds})) ORDER BY id`,
  );
  const rowBySubscriber = new Map(claimedRows.map((r) => [r.subscriber_id, r]));

  const site = siteFromConfig(deps.config);
  const eventsByZip = new Map<string, Promise<EmailEvent[]>>();
  const eventsFor = (zip: string | null): Promise<EmailEvent[]> => {
    if (!zip) return Promise.resolve([]);
    const key = zip.slice(0, 5);
    let hit = eventsByZip.get(key);
    if (!hit) {
      // The events section is optional: a failing search must not hold back the action email.
      hit = deps.eventsNear(key).catch((err) => {
        console.warn("weekly email: events lookup failed", err);
        return [];
      });
      eventsByZip.set(key, hit);
    }
    return hit;
  };

  const messages: { subscriberId: string; sendKey: string; message: MailMessage }[] = [];
  for (const r of recipients) {
    // One language per email: the subscriber's (the column's CHECK keeps it en or es).
    const locale: Locale = r.locale === "es" ? "es" : "en";
    const rendered = renderWeeklyEmail({
      site,
      locale,
      action: loaded.actions[locale],
      petitions: loaded.petitions,
      lastWeek: loaded.lastWeek,
      tip: loaded.tips[locale],
      events: await eventsFor(r.zip_code),
      recipient: {
        firstName: r.first_name,
        zipCode: r.zip_code,
        // The sealed token opened (decision 214): the link is the same every week.
        links: manageLinks(
          site,
          await openManageToken(deps.config.JWT_SECRET ?? "", {
            manageTokenHash: r.manage_token_hash,
            manageTokenSealed: r.manage_token_sealed,
          }),
          locale,
        ),
        // Signed as of the campaign, not of this attempt: a retry renders the very same email, so a
        // provider that deduplicates by key sees the same request (decision 198).
        didItUrl: await deps.didItUrl(
          { subscriberId: r.id, actionId: loaded.actions.en.id, campaignId: cid },
          loaded.preparedAt,
          locale,
        ),
      },
    });
    const row = rowBySubscriber.get(r.id) as ClaimedRow;
    messages.push({
      subscriberId: r.id,
      sendKey: row.send_key,
      message: { to: r.email, ...rendered, idempotencyKey: `${cid}:${r.id}`, stream: "marketing" },
    });
  }

  // This attempt's own request, then one per earlier request whose answer was ambiguous.
  const outcomes = new Map<string, SendResult>();
  for (const key of new Set(messages.map((m) => m.sendKey))) {
    const group = messages.filter((m) => m.sendKey === key);
    const send = key === sendKey ? sendUnderKey : settleUnderKey;
    const results = await send(
      deps.provider,
      group.map((m) => m.message),
      key,
    );
    group.forEach((m, i) => {
      outcomes.set(m.subscriberId, results[i] as SendResult);
    });
  }

  let retryAfter: number | undefined;
  // The common case (sent) is one statement for the whole batch; the rest are rare, one each. The
  // provider's message ids are not kept (decision 245): webhooks find their recipient by address.
  const sent: string[] = [];
  const unsettled: string[] = [];
  let unsettledError = "";
  const marks: D1PreparedStatement[] = [];
  for (const { subscriberId } of messages) {
    const result = outcomes.get(subscriberId) as SendResult;
    if (result.ok) sent.push(subscriberId);
    else if (result.suppressed) marks.push(...sqlLedger.markSuppressed(cid, subscriberId, nowIso));
    else if (!result.retryable) marks.push(...sqlLedger.markFailed(cid, subscriberId, result.error, nowIso));
    else {
      retryAfter = Math.max(retryAfter ?? 0, result.retryAfterSeconds ?? backoffSeconds(attempts));
      if (result.ambiguous) {
        unsettled.push(subscriberId);
        unsettledError = result.error;
      } else {
        // Released, not failed: the next attempt of this message claims it again.
        marks.push(...sqlLedger.release(cid, subscriberId, result.error, nowIso));
      }
    }
  }
  if (sent.length > 0) marks.unshift(...sqlLedger.markAllSent(cid, JSON.stringify(sent), nowIso));
  if (unsettled.length > 0) {
    // Held under their send key until the provider can be asked (a searched one needs a moment).
    const settleAfter = deps.provider.settlement === "search" ? SETTLE_AFTER_SECONDS : 0;
    const untilIso = new Date(now.getTime() + settleAfter * 1000).toISOString();
    marks.push(...sqlLedger.holdUnsettled(cid, JSON.stringify(unsettled), unsettledError, nowIso, untilIso));
    retryAfter = Math.max(retryAfter ?? 0, settleAfter);
  }
  await db.$client.batch([...marks, ...sqlLedger.complete(cid, nowIso)]);
  return retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter };
}
