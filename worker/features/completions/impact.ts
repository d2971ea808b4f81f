import { and, count, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { SharedNote, SharedNotesList, SiteImpact } from "#contract/completions/schemas";
import {
  actionCompletions,
  actionImpact,
  impactTotals,
  type NoteStatus,
  users,
  weeklyActions,
} from "../../../db/schema";
import type { Db } from "../../platform/db";

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

/**
 * Notes that may be shown publicly (decision 183): the member consented, an admin approved this text,
 * and there is text. Every public reader of notes goes through this predicate (today the weekly
 * email's "Last week"); with `approvedBy`, only notes approved at or before that instant count —
 * the weekly campaign passes the time it was prepared, so a later approval never joins a send.
 */
export function publishableNote(approvedBy?: string) {
  return and(
    eq(actionCompletions.shareNote, true),
    eq(actionCompletions.noteStatus, "approved"),
    isNotNull(actionCompletions.notes),
    sql`trim(${actionCompletions.notes}) <> ''`,
    approvedBy === undefined ? undefined : lte(actionCompletions.noteModeratedAt, approvedBy),
  );
}

/**
 * The weekly email's "Last week": the published action that started most recently before
 * `beforeStart`, its completed count, and up to two approved notes (newest first, never a name),
 * approved no later than `approvedBy` (the campaign's preparation time; now for a test send).
 * Null when there is no such action or nobody recorded it (the section is then left out).
 */
export async function lastWeekImpact(
  db: Db,
  beforeStart: string,
  approvedBy: string,
): Promise<{ title: string; titleEs: string; slug: string; completedCount: number; notes: string[] } | null> {
  const [action] = await db
    .select({
      id: weeklyActions.id,
      title: weeklyActions.title,
      titleEs: weeklyActions.titleEs,
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
    .where(and(eq(actionCompletions.actionId, action.id), publishableNote(approvedBy)))
    .orderBy(desc(actionCompletions.completedAt))
    .limit(SHARED_NOTES_PER_EMAIL);
  return {
    title: action.title,
    titleEs: action.titleEs,
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
      status: actionCompletions.noteStatus,
      moderatedAt: actionCompletions.noteModeratedAt,
      // The admin who decided, never the member who wrote the note.
      moderatedBy: users.email,
    })
    .from(actionCompletions)
    .leftJoin(weeklyActions, eq(weeklyActions.id, actionCompletions.actionId))
    .leftJoin(users, eq(users.id, actionCompletions.noteModeratedBy));

type SharedNoteRow = Awaited<ReturnType<typeof selectSharedNotes>>[number];

const toSharedNote = (r: SharedNoteRow): SharedNote => ({
  id: r.id,
  action_title: r.title,
  notes: r.notes ?? "",
  completed_at: r.completedAt,
  status: r.status,
  hidden: r.status === "hidden",
  moderated_at: r.moderatedAt,
  moderated_by: r.moderatedBy,
});

const isShared = and(eq(actionCompletions.shareNote, true), isNotNull(actionCompletions.notes));
const isPending = and(isShared, eq(actionCompletions.noteStatus, "pending"));

/** The number of shared notes waiting for an admin's decision (the dashboard's queue count). */
export async function pendingSharedNotesCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(actionCompletions).where(isPending);
  return row?.n ?? 0;
}

/**
 * The admin's moderation screen: shared notes, pending ones first, then newest first, without who
 * wrote them; and how many are pending in all (the list stops at SHARED_NOTES_ADMIN_LIMIT).
 */
export async function listSharedNotes(db: Db): Promise<SharedNotesList> {
  const [rows, pending] = await Promise.all([
    selectSharedNotes(db)
      .where(isShared)
      .orderBy(sql`(${actionCompletions.noteStatus} = 'pending') DESC`, desc(actionCompletions.completedAt))
      .limit(SHARED_NOTES_ADMIN_LIMIT),
    pendingSharedNotesCount(db),
  ]);
  return { notes: rows.map(toSharedNote), pending_count: pending };
}

/**
 * Approves or hides one shared note, recording which admin decided and when; null when there is no
 * shared note with that id. Approving is what lets a note be quoted publicly (publishableNote).
 */
export async function moderateSharedNote(
  db: Db,
  id: string,
  decision: Exclude<NoteStatus, "pending">,
  by: { userId: string; nowIso: string },
): Promise<SharedNote | null> {
  const [row] = await db
    .update(actionCompletions)
    .set({ noteStatus: decision, noteModeratedAt: by.nowIso, noteModeratedBy: by.userId })
    .where(and(eq(actionCompletions.id, id), isShared))
    .returning({ id: actionCompletions.id });
  if (!row) return null;
  const [note] = await selectSharedNotes(db).where(eq(actionCompletions.id, row.id)).limit(1);
  return note ? toSharedNote(note) : null;
}
