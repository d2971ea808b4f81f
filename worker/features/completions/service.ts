import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { CompletionView } from "#contract/completions/schemas";
import { actionCompletions, weeklyActions } from "../../../db/schema";
import { type Db, newestFirst } from "../../platform/db";

/** More than a decade of weekly actions: the list stays bounded without cutting off a real member. */
export const COMPLETIONS_LIMIT = 1000;

const columns = {
  id: actionCompletions.id,
  action_id: actionCompletions.actionId,
  completed_at: actionCompletions.completedAt,
  notes: actionCompletions.notes,
  share_note: actionCompletions.shareNote,
  title: weeklyActions.title,
  slug: weeklyActions.slug,
  summary: weeklyActions.summary,
  start_date: weeklyActions.startDate,
  end_date: weeklyActions.endDate,
};

const selectJoined = (db: Db) =>
  db.select(columns).from(actionCompletions).leftJoin(weeklyActions, eq(weeklyActions.id, actionCompletions.actionId));

type Joined = Awaited<ReturnType<typeof selectJoined>>[number];

function toView(r: Joined): CompletionView {
  return {
    id: r.id,
    action_id: r.action_id,
    completed_at: r.completed_at,
    notes: r.notes,
    share_note: r.share_note,
    action:
      r.title !== null && r.slug !== null
        ? { title: r.title, slug: r.slug, summary: r.summary ?? "", start_date: r.start_date, end_date: r.end_date }
        : null,
  };
}

/** The member's completions, newest first, in one joined query. */
export async function listCompletions(db: Db, userId: string): Promise<CompletionView[]> {
  const rows = await selectJoined(db)
    .where(eq(actionCompletions.userId, userId))
    .orderBy(...newestFirst(actionCompletions, actionCompletions.completedAt))
    .limit(COMPLETIONS_LIMIT);
  return rows.map(toView);
}

export async function findCompletion(db: Db, userId: string, actionId: string): Promise<CompletionView | null> {
  const [row] = await selectJoined(db)
    .where(and(eq(actionCompletions.userId, userId), eq(actionCompletions.actionId, actionId)))
    .limit(1);
  return row ? toView(row) : null;
}

/** In the upsert's DO UPDATE: the stored value while notes and sharing are unchanged, else `reset`. */
const keptIfUnchanged = (column: AnyColumn, reset: SQL) =>
  sql`CASE WHEN ${actionCompletions.notes} IS excluded.notes AND ${actionCompletions.shareNote} = excluded.share_note THEN ${column} ELSE ${reset} END`;

/**
 * Records (or re-records) a completion. One row per member and action (unique index); recording
 * again replaces the notes and the sharing choice and keeps the original completion time. Sharing
 * needs a note: without one there is nothing to share, so the flag is stored off.
 */
export async function upsertCompletion(
  db: Db,
  userId: string,
  actionId: string,
  input: { notes: string | null; share_note: boolean },
): Promise<CompletionView> {
  const notes = input.notes;
  const shareNote = notes !== null && input.share_note;
  await db
    .insert(actionCompletions)
    .values({ userId, actionId, notes, shareNote })
    .onConflictDoUpdate({
      target: [actionCompletions.userId, actionCompletions.actionId],
      set: {
        notes,
        shareNote,
        // Decision 183: an admin approved (or hid) this exact text as shared. A changed text or a
        // changed choice is a new share: back to 'pending', out of every public place until reviewed.
        noteStatus: keptIfUnchanged(actionCompletions.noteStatus, sql`'pending'`),
        noteModeratedAt: keptIfUnchanged(actionCompletions.noteModeratedAt, sql`NULL`),
        noteModeratedBy: keptIfUnchanged(actionCompletions.noteModeratedBy, sql`NULL`),
      },
    });
  const view = await findCompletion(db, userId, actionId);
  if (!view) throw new Error("completion upsert returned no row");
  return view;
}
