import { asc, desc, eq, sql } from "drizzle-orm";
import { tipHasSpanish } from "#contract/actions/translation";
import type { Locale } from "#contract/i18n/locales";
import { type PublicTip, TIP_MESSAGES, type Tip, type TipInput, type tipInputSchema } from "#contract/tips/schemas";
import { campaignTips, emailCampaigns, tips } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";

/** A tip's text in both languages: each weekly email picks its reader's (toPublicTip). */
export type TipBothLanguages = PublicTipRow;

/** Far more than an admin curates; the list endpoint stays bounded. */
export const TIPS_LIMIT = 500;

type TipRow = typeof tips.$inferSelect;

const toTip = (r: TipRow): Tip => ({
  id: r.id,
  title: r.title,
  body: r.body,
  url: r.url,
  topic: r.topic,
  active: r.active,
  position: r.position,
  es: { title: r.titleEs, body: r.bodyEs },
});

type PublicTipRow = Pick<TipRow, "id" | "title" | "body" | "url" | "topic" | "titleEs" | "bodyEs">;

/** The tip in the language asked for when it is written there, else in English (decision 272). */
export const toPublicTip = (r: PublicTipRow, wanted: Locale = "en"): PublicTip => {
  const spanish = wanted === "es" && tipHasSpanish({ title: r.titleEs, body: r.bodyEs });
  return {
    id: r.id,
    title: spanish ? r.titleEs : r.title,
    body: spanish ? r.bodyEs : r.body,
    url: r.url,
    topic: r.topic,
    language: spanish ? "es" : "en",
  };
};

/** The columns a public tip is made of, both languages. */
const publicColumns = {
  id: tips.id,
  title: tips.title,
  body: tips.body,
  url: tips.url,
  topic: tips.topic,
  titleEs: tips.titleEs,
  bodyEs: tips.bodyEs,
};

type TipValues = ReturnType<typeof tipInputSchema.parse>;
const tipColumns = ({ es, ...input }: TipValues) => ({ ...input, titleEs: es.title, bodyEs: es.body });

export async function listTips(db: Db): Promise<Tip[]> {
  const rows = await db.select().from(tips).orderBy(asc(tips.position), asc(tips.createdAt)).limit(TIPS_LIMIT);
  return rows.map(toTip);
}

const isUniqueViolation = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: tips\.title/.test(`${err.message} ${String(err.cause ?? "")}`);

async function guardTitle<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TIP_MESSAGES.duplicateTitle, "duplicate_title");
    throw err;
  }
}

/** A new tip goes to the end of the list. */
export async function createTip(db: Db, input: TipValues): Promise<Tip> {
  const [row] = await guardTitle(() =>
    db
      .insert(tips)
      .values({ ...tipColumns(input), position: sql`(SELECT coalesce(max(${tips.position}), -1) + 1 FROM ${tips})` })
      .returning(),
  );
  if (!row) throw new Error("tip insert returned no row");
  return toTip(row);
}

export async function updateTip(db: Db, id: string, input: TipValues): Promise<Tip> {
  const [row] = await guardTitle(() =>
    db
      .update(tips)
      .set({ ...tipColumns(input), updatedAt: new Date().toISOString() })
      .where(eq(tips.id, id))
      .returning(),
  );
  if (!row) throw notFound("Tip not found");
  return toTip(row);
}

export async function deleteTip(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(tips).where(eq(tips.id, id)).returning({ id: tips.id });
  if (!row) throw notFound("Tip not found");
}

/**
 * Saves a new order: `ids` must be every tip (each once, which the schema checks). A list made before a tip was
 * added or deleted is refused as a conflict with what is stored (409), never half-applied.
 */
export async function reorderTips(db: Db, ids: string[]): Promise<Tip[]> {
  const existing = await db
    .select({ id: tips.id })
    .from(tips)
    .limit(TIPS_LIMIT + 1);
  const known = new Set(existing.map((r) => r.id));
  if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw conflict(TIP_MESSAGES.order, "order_stale");
  }
  if (ids.length > 0) {
    const [first, ...rest] = ids.map((id, position) => db.update(tips).set({ position }).where(eq(tips.id, id)));
    // One transaction: readers never see a half-reordered list.
    if (first) await db.batch([first, ...rest]);
  }
  return listTips(db);
}

/**
 * The rotation (decision 083): the active tip used by the fewest weekly campaigns so far, in the
 * admin's order among equals. Every active tip therefore goes out once before any goes out twice,
 * and a tip added later is next in line.
 */
const nextTipSql = sql`SELECT ${tips.id} FROM ${tips} WHERE ${tips.active} = 1
  ORDER BY (SELECT count(*) FROM ${campaignTips} WHERE ${campaignTips.tipId} = ${tips.id}), ${tips.position}, ${tips.id}
  LIMIT 1`;

/**
 * The tip a weekly campaign carries, chosen on first use and stored (the primary key on campaign_id
 * makes the first choice stick: retries, duplicate messages and parallel consumers all agree).
 */
export async function tipForCampaign(db: Db, campaignId: string): Promise<TipBothLanguages | null> {
  await db.run(
    sql`INSERT INTO ${campaignTips} (campaign_id, tip_id) SELECT ${campaignId}, id FROM (${nextTipSql}) WHERE true
        ON CONFLICT (campaign_id) DO NOTHING`,
  );
  const [row] = await db
    .select(publicColumns)
    .from(campaignTips)
    .innerJoin(tips, eq(tips.id, campaignTips.tipId))
    .where(eq(campaignTips.campaignId, campaignId))
    .limit(1);
  return row ?? null;
}

/** The tip the next weekly campaign would carry, without recording it (test sends, previews). */
export async function peekNextTip(db: Db): Promise<TipBothLanguages | null> {
  const [row] = await db.select(publicColumns).from(tips).where(sql`${tips.id} = (${nextTipSql})`).limit(1);
  return row ?? null;
}

/**
 * The tip of the week for /actions: the one the newest weekly email carried while it is still
 * active, else the one the next email will carry.
 */
export async function currentTip(db: Db, lang: Locale = "en"): Promise<PublicTip | null> {
  const [row] = await db
    .select({ ...publicColumns, active: tips.active })
    .from(campaignTips)
    .innerJoin(emailCampaigns, eq(emailCampaigns.id, campaignTips.campaignId))
    .innerJoin(tips, eq(tips.id, campaignTips.tipId))
    .orderBy(desc(emailCampaigns.createdAt), desc(campaignTips.createdAt))
    .limit(1);
  if (row?.active) return toPublicTip(row, lang);
  const next = await peekNextTip(db);
  return next ? toPublicTip(next, lang) : null;
}

export type { TipInput };
