import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Locale } from "#contract/i18n/locales";
import { dayInZone } from "#contract/platform/zoned-time";
import { weeklyActions } from "../../../db/schema";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { readSetting } from "../../platform/settings";
import { actionTextIn } from "../actions/dto";
import { lastWeekImpact } from "../completions/impact";
import { peekNextTip, type TipBothLanguages, tipForCampaign, toPublicTip } from "../tips/service";
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

/** The action for a reader of `wanted`: its text in that language when whole there, else English (decision 272). */
export function toEmailAction(row: ActionRow, wanted: Locale = "en"): EmailAction {
  const { text, language } = actionTextIn(row, wanted);
  return {
    id: row.id,
    title: text.title,
    slug: row.slug,
    summary: text.summary,
    timeRequired: text.time_required,
    steps: text.steps,
    materials: text.materials,
    ctaLabel: text.cta_label,
    startDate: row.startDate,
    endDate: row.endDate,
    language,
  };
}

/** The action in each language, made once per campaign: each recipient's email takes their own. */
export const emailActionsByLocale = (row: ActionRow): Record<Locale, EmailAction> => ({
  en: toEmailAction(row, "en"),
  es: toEmailAction(row, "es"),
});

/** The tip in each language, for the same reason. */
export function emailTipsByLocale(tip: TipBothLanguages | null): Record<Locale, EmailTip | null> {
  const pick = (locale: Locale): EmailTip | null => {
    if (!tip) return null;
    const shown = toPublicTip(tip, locale);
    return { title: shown.title, body: shown.body, url: shown.url, language: shown.language };
  };
  return { en: pick("en"), es: pick("es") };
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

export type WeeklyExtras = { lastWeek: EmailLastWeek | null; tips: Record<Locale, EmailTip | null> };

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
  return { lastWeek, tips: emailTipsByLocale(tip) };
}
