import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { actionCompletions, actionImpact, impactTotals, weeklyActions } from "../../../db/schema";
import type { Db } from "../../platform/db";
import type { SharedNote, SiteImpact } from "./schemas";

/** One primary-key read of the row the completion triggers keep (migration 0007). */
export async function siteImpact(db: Db): Promise<SiteImpact> {
  const [row] = await db.select().from(impactTotals).where(eq(impactTotals.key, "site")).limit(1);
  return {
    total_completions: Math.max(0, row?.completions ?? 0),
    members_with_completions: Math.max(0, row?.members ?? 0),
  };
}

/** The longest shared note the weekly email quotes; longer ones are cut at a word. */
export const SHARED_NOTE_EMAIL_MAX = 280;
export const SHARED_NOTES_PER_EMAIL = 2;

export function quoteForEmail(note: string, max = SHARED_NOTE_EMAIL_MAX): string {
  const clean = note.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Notes that may be shown: the member consented, an admin has not hidden it, and there is text. */
const shareable = and(
  eq(actionCompletions.shareNote, true),
  isNull(actionCompletions.noteHiddenAt),
  isNotNull(actionCompletions.notes),
  sql`trim(${actionCompletions.notes}) <> ''`,
);

/**
 * The weekly email's "Last week": the published action that started most recently before
 * `beforeStart`, its completed count, and up to two shareable notes (newest first, never a name).
 * Null when there is no such action or nobody recorded it (the section is then left out).
 */
export async function lastWeekImpact(
  db: Db,
  beforeStart: string,
): Promise<{ title: string; slug: string; completedCount: number; notes: string[] } | null> {
  const [action] = await db
    .select({
      id: weeklyActions.id,
      title: weeklyActions.title,
      slug: weeklyActions.slug,
      count: actionImpact.completedCount,
    })
    .from(weeklyActions)
    .leftJoin(actionImpact, eq(actionImpact.actionId, weeklyActions.id))
    .where(and(eq(weeklyActions.status, "published"), sql`${weeklyActions.startDate} < ${beforeStart}`))
    .orderBy(desc(weeklyActions.startDate))
    .limit(1);
  if (!action?.count || action.count <= 0) return null;
  const notes = await db
    .select({ notes: actionCompletions.notes })
    .from(actionCompletions)
    .where(and(eq(actionCompletions.actionId, action.id), shareable))
    .orderBy(desc(actionCompletions.completedAt))
    .limit(SHARED_NOTES_PER_EMAIL);
  return {
    title: action.title,
    slug: action.slug,
    completedCount: action.count,
    notes: notes.flatMap((n) => (n.notes ? [quoteForEmail(n.notes)] : [])),
  };
}

export const SHARED_NOTES_ADMIN_LIMIT = 100;

const selectSharedNotes = (db: Db) =>
  db
    .select({
      id: actionCompletions.id,
      title: weeklyActions.title,
      notes: actionCompletions.notes,
      completedAt: actionCompletions.completedAt,
      hiddenAt: actionCompletions.noteHiddenAt,
    })
    .from(actionCompletions)
    .leftJoin(weeklyActions, eq(weeklyActions.id, actionCompletions.actionId));

type SharedNoteRow = Awaited<ReturnType<typeof selectSharedNotes>>[number];

const toSharedNote = (r: SharedNoteRow): SharedNote => ({
  id: r.id,
  action_title: r.title,
  notes: r.notes ?? "",
  completed_at: r.completedAt,
  hidden: r.hiddenAt !== null,
});

const isShared = and(eq(actionCompletions.shareNote, true), isNotNull(actionCompletions.notes));

/** The admin's moderation list: shared notes, newest first, without who wrote them. */
export async function listSharedNotes(db: Db): Promise<SharedNote[]> {
  const rows = await selectSharedNotes(db)
    .where(isShared)
    .orderBy(desc(actionCompletions.completedAt))
    .limit(SHARED_NOTES_ADMIN_LIMIT);
  return rows.map(toSharedNote);
}

/** Hides or shows one shared note; null when there is no shared note with that id. */
export async function setSharedNoteHidden(
  db: Db,
  id: string,
  hidden: boolean,
  nowIso: string,
): Promise<SharedNote | null> {
  const [row] = await db
    .update(actionCompletions)
    .set({ noteHiddenAt: hidden ? nowIso : null })
    .where(and(eq(actionCompletions.id, id), isShared))
    .returning({ id: actionCompletions.id });
  if (!row) return null;
  const [note] = await selectSharedNotes(db).where(eq(actionCompletions.id, row.id)).limit(1);
  return note ? toSharedNote(note) : null;
}
