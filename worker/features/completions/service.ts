import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { CompletionView } from "#contract/completions/schemas";
import { DEFAULT_LOCALE, type Locale } from "#contract/i18n/locales";
import { actionCompletions, weeklyActions } from "../../../db/schema";
import { type Db, newestFirst } from "../../platform/db";
import { actionTextIn } from "../actions/dto";

/** More than a decade of weekly actions: the list stays bounded without cutting off a real member. */
export const COMPLETIONS_LIMIT = 1000;

const columns = {
  id: actionCompletions.id,
  action_id: actionCompletions.actionId,
  completed_at: actionCompletions.completedAt,
  notes: actionCompletions.notes,
  share_note: actionCompletions.shareNote,
  action: weeklyActions,
};

const selectJoined = (db: Db) =>
  db.select(columns).from(actionCompletions).leftJoin(weeklyActions, eq(weeklyActions.id, actionCompletions.actionId));

type Joined = Awaited<ReturnType<typeof selectJoined>>[number];

/** A completion with its action's title and summary in the reader's language when the action is whole in it. */
function toView(r: Joined, locale: Locale): CompletionView {
  const a = r.action;
  const shown = a ? actionTextIn(a, locale) : null;
  return {
    id: r.id,
    action_id: r.action_id,
    completed_at: r.completed_at,
    notes: r.notes,
    share_note: r.share_note,
    action:
      a && shown
        ? {
            title: shown.text.title,
            slug: a.slug,
            summary: shown.text.summary,
            start_date: a.startDate,
            end_date: a.endDate,
            language: shown.language,
          }
        : null,
  };
}

/** The member's completions, newest first, in one joined query. */
export async function listCompletions(db: Db, userId: string, locale: Locale): Promise<CompletionView[]> {
  const rows = await selectJoined(db)
    .where(eq(actionCompletions.userId, userId))
    .orderBy(...newestFirst(actionCompletions, actionCompletions.completedAt))
    .limit(COMPLETIONS_LIMIT);
  return rows.map((r) => toView(r, locale));
}

export async function findCompletion(
  db: Db,
  userId: string,
  actionId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CompletionView | null> {
  const [row] = await selectJoined(db)
    .where(and(eq(actionCompletions.userId, userId), eq(actionCompletions.actionId, actionId)))
    .limit(1);
  return row ? toView(row, locale) : null;
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
  locale: Locale = DEFAULT_LOCALE,
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
  const view = await findCompletion(db, userId, actionId, locale);
  if (!view) throw new Error("completion upsert returned no row");
  return view;
}
