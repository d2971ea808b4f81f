import { and, desc, eq, lte, or, sql } from "drizzle-orm";
import { type ActionValues, type AdminAction, type AdminActionListItem, MESSAGES } from "#contract/actions/schemas";
import { LOCALE_TAGS, type Locale } from "#contract/i18n/locales";
import { addDays, dayInZone, dayOfWeek } from "#contract/platform/zoned-time";
import { weeklyActions } from "../../../db/schema";
import { type Db, newestFirst } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { containsText } from "../../platform/sql-text";
import { type ActionRow, rowSpanishState, toAdminAction } from "./dto";

/** Admin operations on weekly actions. `now` is passed in so tests control the clock. */

export const SLUG_TAKEN_MESSAGE = "This slug is already used by another action";

type Ctx = { db: Db; timeZone: string; now: Date };

const nowIso = (now: Date) => now.toISOString();

/** D1 reports unique violations as "UNIQUE constraint failed: weekly_actions.slug" (possibly wrapped by drizzle). */
function isSlugConflict(err: unknown): boolean {
  const messages: string[] = [];
  for (let e: unknown = err; e instanceof Error && messages.length < 4; e = e.cause) messages.push(e.message);
  return messages.some((m) => m.includes("UNIQUE constraint failed") && m.includes("weekly_actions.slug"));
}

async function withSlugGuard<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (isSlugConflict(err)) throw conflict(SLUG_TAKEN_MESSAGE, "slug_conflict");
    throw err;
  }
}

function fieldsFromValues(v: ActionValues) {
  return {
    title: v.title,
    slug: v.slug,
    startDate: v.start_date,
    endDate: v.end_date,
    summary: v.summary,
    whyItMatters: v.why_it_matters,
    steps: v.steps,
    timeRequired: v.time_required,
    materials: v.materials,
    links: v.links,
    imageUrl: v.image_url,
    ctaLabel: v.cta_label,
    ctaUrl: v.cta_url,
    sendOnPublish: v.send_on_publish,
    scheduleSend: v.schedule_send,
    titleEs: v.es.title,
    summaryEs: v.es.summary,
    whyItMattersEs: v.es.why_it_matters,
    stepsEs: v.es.steps,
    timeRequiredEs: v.es.time_required,
    materialsEs: v.es.materials,
    ctaLabelEs: v.es.cta_label,
  };
}

async function findRow(db: Db, id: string): Promise<ActionRow> {
  const [row] = await db.select().from(weeklyActions).where(eq(weeklyActions.id, id)).limit(1);
  if (!row) throw notFound("Action not found");
  return row;
}

export async function listAdminActions(
  db: Db,
  opts: { search?: string; sort: "start" | "created"; limit: number },
): Promise<AdminActionListItem[]> {
  const rows = await db
    .select({
      id: weeklyActions.id,
      title: weeklyActions.title,
      slug: weeklyActions.slug,
      start_date: weeklyActions.startDate,
      end_date: weeklyActions.endDate,
      status: weeklyActions.status,
      created_at: weeklyActions.createdAt,
      updated_at: weeklyActions.updatedAt,
      // The text of both languages, to tell the admin which actions still lack their Spanish (decision 272).
      text: {
        title: weeklyActions.title,
        summary: weeklyActions.summary,
        whyItMatters: weeklyActions.whyItMatters,
        steps: weeklyActions.steps,
        timeRequired: weeklyActions.timeRequired,
        materials: weeklyActions.materials,
        ctaLabel: weeklyActions.ctaLabel,
        titleEs: weeklyActions.titleEs,
        summaryEs: weeklyActions.summaryEs,
        whyItMattersEs: weeklyActions.whyItMattersEs,
        stepsEs: weeklyActions.stepsEs,
        timeRequiredEs: weeklyActions.timeRequiredEs,
        materialsEs: weeklyActions.materialsEs,
        ctaLabelEs: weeklyActions.ctaLabelEs,
      },
    })
    .from(weeklyActions)
    .where(
      opts.search
        ? or(containsText(weeklyActions.title, opts.search), containsText(weeklyActions.slug, opts.search))
        : undefined,
    )
    .orderBy(
      ...(opts.sort === "created"
        ? newestFirst(weeklyActions, weeklyActions.createdAt)
        : [desc(weeklyActions.startDate), ...newestFirst(weeklyActions, weeklyActions.createdAt)]),
    )
    .limit(opts.limit);
  return rows.map(({ text, ...item }) => ({ ...item, spanish: rowSpanishState(text) }));
}

export async function getAdminAction({ db, timeZone, now }: Ctx, id: string): Promise<AdminAction> {
  return toAdminAction(await findRow(db, id), dayInZone(now, timeZone));
}

export async function createAction({ db, timeZone, now }: Ctx, v: ActionValues): Promise<AdminAction> {
  const status = v.status ?? "draft";
  const [row] = await withSlugGuard(() =>
    db
      .insert(weeklyActions)
      .values({ ...fieldsFromValues(v), status, publishedAt: status === "published" ? nowIso(now) : null })
      .returning(),
  );
  if (!row) throw new Error("insert returned no row");
  return toAdminAction(row, dayInZone(now, timeZone));
}

/** Updates every field; `status` omitted keeps the current one ('Save Draft' only saves). */
export async function updateAction({ db, timeZone, now }: Ctx, id: string, v: ActionValues): Promise<AdminAction> {
  const existing = await findRow(db, id);
  const status = v.status ?? existing.status;
  const publishedAt = status === "published" ? (existing.publishedAt ?? nowIso(now)) : null;
  if (status === "published" && (!v.start_date || !v.end_date)) throw badRequest(MESSAGES.datesRequiredToPublish);
  const [row] = await withSlugGuard(() =>
    db
      .update(weeklyActions)
      .set({ ...fieldsFromValues(v), status, publishedAt, updatedAt: nowIso(now) })
      .where(eq(weeklyActions.id, id))
      .returning(),
  );
  if (!row) throw notFound("Action not found");
  return toAdminAction(row, dayInZone(now, timeZone));
}

export async function publishAction({ db, timeZone, now }: Ctx, id: string): Promise<AdminAction> {
  const existing = await findRow(db, id);
  if (!existing.startDate || !existing.endDate) throw badRequest(MESSAGES.datesRequiredToPublish);
  const [row] = await db
    .update(weeklyActions)
    .set({ status: "published", publishedAt: existing.publishedAt ?? nowIso(now), updatedAt: nowIso(now) })
    .where(eq(weeklyActions.id, id))
    .returning();
  if (!row) throw notFound("Action not found");
  return toAdminAction(row, dayInZone(now, timeZone));
}

export async function deleteAction(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(weeklyActions).where(eq(weeklyActions.id, id)).returning({ id: weeklyActions.id });
  if (deleted.length === 0) throw notFound("Action not found");
}

/** Spec §4: ' (Copy)' title, slug + '-copy-' + timestamp, empty dates; always a fresh draft. */
export async function duplicateAction({ db, timeZone, now }: Ctx, id: string): Promise<AdminAction> {
  const src = await findRow(db, id);
  const suffix = `-copy-${now.getTime()}`;
  const base = src.slug.slice(0, Math.max(1, 120 - suffix.length)).replace(/-+$/, "");
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = src;
  const [row] = await withSlugGuard(() =>
    db
      .insert(weeklyActions)
      .values({
        ...rest,
        title: `${src.title} (Copy)`,
        titleEs: src.titleEs ? `${src.titleEs} (copia)` : "",
        slug: `${base}${suffix}`,
        startDate: null,
        endDate: null,
        status: "draft",
        publishedAt: null,
        sentAt: null,
      })
      .returning(),
  );
  if (!row) throw new Error("insert returned no row");
  return toAdminAction(row, dayInZone(now, timeZone));
}

/**
 * The first Sunday strictly after today in SITE_TIMEZONE: on a Sunday that is next week's Sunday,
 * because this week is already under way (decision record 021).
 */
export function comingSunday(today: string): string {
  const dow = dayOfWeek(today);
  return addDays(today, dow === 0 ? 7 : 7 - dow);
}

const longDate = (locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/**
 * A Quick Setup draft's text in each language (decision 272): both are templates the admin rewrites, so each week
 * starts with its Spanish beside its English and the list shows neither as missing.
 */
export function quickSetupText(start: string) {
  const day = new Date(`${start}T00:00:00Z`);
  return {
    title: `Weekly Action: Week of ${longDate("en").format(day)}`,
    timeRequired: "30 minutes",
    titleEs: `Acción semanal: semana del ${longDate("es").format(day)}`,
    timeRequiredEs: "30 minutos",
  };
}

/** The three Quick Setup weeks: Sunday..Saturday, starting on the coming Sunday. */
export function quickSetupWeeks(today: string): { start: string; end: string }[] {
  const first = comingSunday(today);
  return [0, 1, 2].map((i) => {
    const start = addDays(first, 7 * i);
    return { start, end: addDays(start, 6) };
  });
}

/** A Quick Setup week left alone because an action already runs in it (decision 230). */
export type SkippedWeek = { start_date: string; end_date: string; action_title: string };

/**
 * The actions whose run overlaps [first, last]: any status, dated ones only (an action without an end date runs a
 * week, as the weekly send counts it). At most a few rows: the three weeks' worth of actions.
 */
async function actionsOverlapping(db: Db, first: string, last: string) {
  return db
    .select({ title: weeklyActions.title, start: weeklyActions.startDate, end: weeklyActions.endDate })
    .from(weeklyActions)
    .where(
      and(
        lte(weeklyActions.startDate, last),
        sql`coalesce(${weeklyActions.endDate}, date(${weeklyActions.startDate}, '+6 days')) >= ${first}`,
      ),
    )
    .orderBy(weeklyActions.startDate)
    .limit(20);
}

/**
 * Creates the template drafts for the three weeks that have no action yet: a week in which any action
 * (draft or published) already runs is skipped and named in the answer (decision 230), so Quick Setup never
 * puts a second action beside one an admin wrote. The slug (weekly-action-YYYY-MM-DD) is unique, so a
 * repeated request (double-click, retry) inserts nothing new rather than duplicating weeks (decision 021).
 */
export async function quickSetup({
  db,
  timeZone,
  now,
}: Ctx): Promise<{ created: AdminAction[]; skipped: number; skippedWeeks: SkippedWeek[] }> {
  const today = dayInZone(now, timeZone);
  const weeks = quickSetupWeeks(today);
  const existing = await actionsOverlapping(db, weeks[0]?.start ?? today, weeks.at(-1)?.end ?? today);
  const skippedWeeks: SkippedWeek[] = [];
  const free = weeks.filter(({ start, end }) => {
    const taken = existing.find((a) => a.start !== null && a.start <= end && (a.end ?? addDays(a.start, 6)) >= start);
    if (taken) skippedWeeks.push({ start_date: start, end_date: end, action_title: taken.title });
    return !taken;
  });
  const rows = free.length
    ? await db
        .insert(weeklyActions)
        .values(
          free.map(({ start, end }) => ({
            ...quickSetupText(start),
            slug: `weekly-action-${start}`,
            startDate: start,
            endDate: end,
            scheduleSend: true,
            sendOnPublish: false,
            status: "draft" as const,
          })),
        )
        .onConflictDoNothing({ target: weeklyActions.slug })
        .returning()
    : [];
  rows.sort((a, b) => (a.startDate ?? "").localeCompare(b.startDate ?? ""));
  return {
    created: rows.map((r) => toAdminAction(r, today)),
    skipped: weeks.length - rows.length,
    skippedWeeks,
  };
}
