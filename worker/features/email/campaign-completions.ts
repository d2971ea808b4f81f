import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db";

/**
 * Completions per send (decision 197): for each weekly campaign, the completions recorded from its
 * email's "I did it" links, and those recorded on the site during the action's week (start to end date,
 * else the 7 days from the campaign's creation). `email_rate` is the email's completions per email the
 * provider accepted (`sent`), null before any went out. No opens are counted: there is no open pixel.
 */
export type CampaignCompletions = { from_email: number; from_site: number; email_rate: number | null };

type Row = { id: string; from_email: number; from_site: number };

export async function campaignCompletions(
  db: Db,
  campaigns: { id: string; kind: string; sent: number }[],
): Promise<Map<string, CampaignCompletions>> {
  const weekly = campaigns.filter((c) => c.kind === "weekly");
  if (weekly.length === 0) return new Map();
  const ids = JSON.stringify(weekly.map((c) => c.id));
  // Both counts are index ranges: action_completions_campaign_idx, action_completions_action_idx.
  const rows = await db.all<Row>(sql`
    WITH week AS (
      SELECT c.id, c.action_id,
        coalesce(a.start_date, date(c.created_at)) AS first_day,
        coalesce(a.end_date, date(coalesce(a.start_date, date(c.created_at)), '+6 days')) AS last_day
      FROM email_campaigns c LEFT JOIN weekly_actions a ON a.id = c.action_id
      WHERE c.id IN (SELECT value FROM json_each(${ids})))
    SELECT week.id,
      (SELECT count(*) FROM action_completions ac WHERE ac.campaign_id = week.id AND ac.source = 'email') AS from_email,
      (SELECT count(*) FROM action_completions ac
        WHERE ac.action_id = week.action_id AND ac.source = 'site'
          AND ac.completed_at >= week.first_day AND ac.completed_at < date(week.last_day, '+1 day')) AS from_site
    FROM week`);
  const sent = new Map(weekly.map((c) => [c.id, c.sent]));
  return new Map(
    rows.map((r) => {
      const delivered = sent.get(r.id) ?? 0;
      const rate = delivered > 0 ? Math.round((r.from_email / delivered) * 10_000) / 10_000 : null;
      return [r.id, { from_email: r.from_email, from_site: r.from_site, email_rate: rate }];
    }),
  );
}
