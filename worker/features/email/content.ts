import { and, desc, eq, lte, sql } from "drizzle-orm";
import { dayInZone } from "#contract/platform/zoned-time";
import { weeklyActions } from "../../../db/schema";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { readSetting } from "../../platform/settings";
import { lastWeekImpact } from "../completions/impact";
import { peekNextTip, tipForCampaign } from "../tips/service";
import {
  type EmailAction,
  type EmailLastWeek,
  type EmailPetition,
  type EmailTip,
  MAX_EMAIL_PETITIONS,
} from "./content-types";
import { safeUrl } from "./templates/html";
import type { EmailSite } from "./templates/layout";

export function siteFromConfig(config: Config): EmailSite {
  return {
    name: config.SITE_NAME,
    url: config.SITE_URL.replace(/\/+$/, ""),
    postalAddress: config.POSTAL_ADDRESS,
    timeZone: config.SITE_TIMEZONE,
  };
}

type ActionRow = typeof weeklyActions.$inferSelect;

export function toEmailAction(row: ActionRow): EmailAction {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    timeRequired: row.timeRequired,
    steps: Array.isArray(row.steps) ? row.steps.filter((s): s is string => typeof s === "string") : [],
    materials: Array.isArray(row.materials) ? row.materials.filter((m): m is string => typeof m === "string") : [],
    ctaLabel: row.ctaLabel,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

export async function loadActionRow(db: Db, id: string): Promise<ActionRow | null> {
  const [row] = await db.select().from(weeklyActions).where(eq(weeklyActions.id, id)).limit(1);
  return row ?? null;
}

/**
 * The current published action by the site's calendar date (start <= today <= end), else the most
 * recent one that has started — the same rule as GET /api/actions/current. One indexed query.
 */
export async function findCurrentActionRow(db: Db, now: Date, timeZone: string): Promise<ActionRow | null> {
  const today = dayInZone(now, timeZone);
  const [row] = await db
    .select()
    .from(weeklyActions)
    .where(and(eq(weeklyActions.status, "published"), lte(weeklyActions.startDate, today)))
    .orderBy(sql`(${weeklyActions.endDate} >= ${today}) DESC`, desc(weeklyActions.startDate))
    .limit(1);
  return row ?? null;
}

type StoredPetition = {
  title?: unknown;
  url?: unknown;
  org_name?: unknown;
  organization?: unknown;
  verified?: unknown;
};

/** Up to 3 verified petitions with a title and an http(s) url, in the admin's order (settings 'petitions'). */
export async function loadEmailPetitions(db: Db, kv: KVNamespace): Promise<EmailPetition[]> {
  return pickEmailPetitions(await readSetting<unknown>(db, kv, "petitions"));
}

export function pickEmailPetitions(stored: unknown): EmailPetition[] {
  if (!Array.isArray(stored)) return [];
  const petitions: EmailPetition[] = [];
  for (const p of stored as (StoredPetition | null)[]) {
    if (petitions.length >= MAX_EMAIL_PETITIONS) break;
    if (p?.verified !== true || typeof p.title !== "string" || !p.title.trim()) continue;
    const url = safeUrl(typeof p.url === "string" ? p.url : null);
    if (!url) continue;
    const org =
      typeof p.org_name === "string" ? p.org_name : typeof p.organization === "string" ? p.organization : null;
    petitions.push({ title: p.title.trim(), url, orgName: org?.trim() || null });
  }
  return petitions;
}

export type WeeklyExtras = { lastWeek: EmailLastWeek | null; tip: EmailTip | null };

/**
 * The parts of a weekly email that come from other features: last week's impact and the campaign's
 * tip — recorded for a real campaign (exactly once, decision 083), only looked at for a test send.
 * Shared notes are the approved ones as stored now (a note an admin hides stops appearing at once),
 * approved no later than the campaign's preparation (`createdAt`; now for a test send), so a note
 * approved while a send is under way never joins it (decision 183).
 */
export async function loadWeeklyExtras(
  db: Db,
  action: Pick<ActionRow, "startDate">,
  campaign: { id: string; kind: "weekly"; createdAt: string } | { kind: "test"; now: string },
): Promise<WeeklyExtras> {
  const approvedBy = campaign.kind === "weekly" ? campaign.createdAt : campaign.now;
  const [lastWeek, tip] = await Promise.all([
    action.startDate ? lastWeekImpact(db, action.startDate, approvedBy) : Promise.resolve(null),
    campaign.kind === "weekly" ? tipForCampaign(db, campaign.id) : peekNextTip(db),
  ]);
  return { lastWeek, tip: tip ? { title: tip.title, body: tip.body, url: tip.url } : null };
}
