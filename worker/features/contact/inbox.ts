import { type SQL, sql } from "drizzle-orm";
import type { InboxCounts, InboxFilter, InboxMessage } from "#contract/contact/inbox-schemas";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";
import { containsText } from "../../platform/sql-text";

type Cursor = { at: string; id: string };

const encode = (m: { created_at: string; id: string }) => btoa(JSON.stringify([m.created_at, m.id])).replace(/=+$/, "");

function decode(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const v: unknown = JSON.parse(atob(value));
    if (Array.isArray(v) && typeof v[0] === "string" && typeof v[1] === "string") return { at: v[0], id: v[1] };
  } catch {
    // Falls through to the 400.
  }
  throw badRequest("Invalid cursor.", "invalid_cursor");
}

/**
 * One page of the inbox, newest first. Search is a substring match on name, email and message: the
 * inbox holds the messages people typed to us (hundreds, not the subscriber list's 100,000), and
 * the status index bounds the scan.
 */
export async function readInbox(
  db: Db,
  filter: { status: InboxFilter; q: string; cursor?: string },
  limit: number,
): Promise<{ messages: InboxMessage[]; nextCursor: string | null }> {
  const terms: SQL[] = [filter.status === "inbox" ? sql`status IN ('unread', 'read')` : sql`status = ${filter.status}`];
  if (filter.q) {
    // `%` and `_` typed by the admin are literal characters, not wildcards.
    const q = filter.q;
    terms.push(
      sql`(${containsText(sql`name`, q)} OR ${containsText(sql`email`, q)} OR ${containsText(sql`coalesce(message, '')`, q)})`,
    );
  }
  const cursor = decode(filter.cursor);
  if (cursor) terms.push(sql`(created_at, id) < (${cursor.at}, ${cursor.id})`);
  const rows = await db.all<InboxMessage>(sql`
    SELECT id, name, email, message, status, created_at FROM contact_messages
    WHERE ${sql.join(terms, sql` AND `)}
    ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { messages: page, nextCursor: rows.length > limit && last ? encode(last) : null };
}

export async function readInboxCounts(db: Db): Promise<InboxCounts> {
  const rows = await db.all<{ status: keyof InboxCounts; n: number }>(
    sql`SELECT status, count(*) AS n FROM contact_messages GROUP BY status`,
  );
  const counts: InboxCounts = { unread: 0, read: 0, archived: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status] = r.n;
  return counts;
}
