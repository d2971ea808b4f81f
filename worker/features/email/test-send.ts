import { eq } from "drizzle-orm";
import type { Locale } from "#contract/i18n/locales";
import { emailCampaigns, subscribers } from "../../../db/schema";
import { notFound } from "../../platform/errors";
import { openManageToken } from "../../platform/manage-token";
import {
  findCurrentActionRow,
  loadActionRow,
  loadEmailPetitions,
  loadWeeklyExtras,
  siteFromConfig,
  toEmailAction,
} from "./content";
import type { EmailDeps } from "./jobs";
import { ledger } from "./ledger-sql";
import { manageLinks } from "./templates/layout";
import { renderWeeklyEmail } from "./templates/weekly";
import { recordSingleOutcome } from "./welcome";

export type TestSendResult =
  | { ok: true; campaign_id: string }
  | { ok: false; error: string; campaign_id: string; suppressed?: boolean };

/**
 * The weekly email of an action (or the current one) sent now to one address, marked [Test]. Any
 * action may be tested, drafts included — that is what the test dialog is for. When the address is a
 * subscriber's, their own manage link and List-Unsubscribe headers are used, so the test is faithful.
 */
export async function sendTestEmail(
  deps: EmailDeps,
  input: { email: string; actionId?: string; triggeredBy: string; locale?: Locale },
): Promise<TestSendResult> {
  const row = input.actionId
    ? await loadActionRow(deps.db, input.actionId)
    : await findCurrentActionRow(deps.db, deps.now(), deps.config.SITE_TIMEZONE);
  if (!row) throw notFound(input.actionId ? "Weekly action not found" : "There is no weekly action to send yet.");

  const [sub] = await deps.db.select().from(subscribers).where(eq(subscribers.email, input.email)).limit(1);
  const site = siteFromConfig(deps.config);
  const events = sub?.zipCode ? await deps.eventsNear(sub.zipCode.slice(0, 5)).catch(() => []) : [];
  // In the subscriber's language when the address is one (the test shows what they would get), else English.
  const locale = input.locale ?? sub?.locale ?? "en";
  const { lastWeek, tips } = await loadWeeklyExtras(deps.db, row, { kind: "test", now: deps.now().toISOString() });
  const rendered = renderWeeklyEmail({
    site,
    locale,
    action: toEmailAction(row, locale),
    petitions: await loadEmailPetitions(deps.db, deps.kv),
    lastWeek,
    tip: tips[locale],
    events,
    recipient: {
      firstName: sub?.firstName ?? "friend",
      zipCode: sub?.zipCode ?? null,
      links: manageLinks(site, sub ? await openManageToken(deps.config.JWT_SECRET ?? "", sub) : null),
    },
    test: true,
  });

  const nowIso = deps.now().toISOString();
  const [campaign] = await deps.db
    .insert(emailCampaigns)
    .values({ actionId: row.id, kind: "test", status: "sending", triggeredBy: input.triggeredBy })
    .returning({ id: emailCampaigns.id });
  const campaignId = (campaign as { id: string }).id;
  const recipientKey = sub?.id ?? `address:${input.email}`;
  await deps.db.$client.batch([ledger(deps.db.$client).insertOne(campaignId, recipientKey, nowIso)]);

  let result: Awaited<ReturnType<typeof deps.provider.sendBatch>>[number] | undefined;
  try {
    // A copy of the weekly email: the marketing stream, so the test shows what a subscriber would get.
    [result] = await deps.provider.sendBatch([
      { to: input.email, ...rendered, stream: "marketing", idempotencyKey: `test:${campaignId}` },
    ]);
  } catch (err) {
    result = { ok: false, error: err instanceof Error ? err.message : String(err), retryable: true };
  }
  await recordSingleOutcome(deps.db, campaignId, recipientKey, result, nowIso);
  return result?.ok
    ? { ok: true, campaign_id: campaignId }
    : { ok: false, error: result?.error ?? "no result", campaign_id: campaignId, suppressed: result?.suppressed };
}
