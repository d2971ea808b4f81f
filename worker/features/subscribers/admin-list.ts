import { type SQL, sql } from "drizzle-orm";
import type {
  GrowthWeek,
  SubscriberConsent,
  SubscriberFilters,
  SubscriberListItem,
  SubscriberStatus,
  SubscriberTotals,
} from "#contract/subscribers/admin-schemas";
import { maskEmail } from "#contract/subscribers/signup-rules";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";
import { isoOf, ledgerKey } from "../email/ledger-sql";

/** Greater than every character, so `[prefix, prefix + TOP)` is exactly "starts with prefix" on an index. */
const TOP = "\u{10FFFF}";

type Row = {
  id: string;
  first_name: string;
  email: string;
  zip_code: string | null;
  active: number;
  subscribed_at: string;
  unsubscribed_at: string | null;
  confirmed_at: string | null;
  consent_ip: string | null;
  consent_user_agent: string | null;
  last_weekly_email_at: string | null;
};

/** Active; pending (signed up, never confirmed: decision 182); or unsubscribed. */
export const statusOf = (row: Pick<Row, "active" | "confirmed_at">): SubscriberStatus =>
  row.active ? "active" : row.confirmed_at === null ? "pending" : "unsubscribed";

export type Cursor = { at: string; id: string };

export function encodeCursor(row: { subscribed_at: string; id: string }): string {
  return btoa(JSON.stringify([row.subscribed_at, row.id])).replace(/=+$/, "");
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(atob(value));
    if (Array.isArray(parsed) && typeof parsed[0] === "string" && typeof parsed[1] === "string") {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest("Invalid cursor.", "invalid_cursor");
}

/**
 * The WHERE clause of a filtered list. Every term is a range on an index (migration 0008): the
 * search is a prefix of the email (unique index) or, without an "@", also of the lower-cased first
 * name; the ZIP filter is a prefix of zip_code. Prefix search rather than substring search is what
 * keeps it fast at 100,000 rows (decision 110).
 */
function whereOf(filters: SubscriberFilters, cursor: Cursor | null): SQL {
  const terms: SQL[] = [];
  // With a search, the name/email prefix ranges are the selective terms: `+` keeps the planner off the
  // status and ZIP indexes, which would otherwise walk every active row or every ZIP starting with "9".
  const active = filters.q ? sql`+s.active` : sql`s.active`;
  const zip = filters.q ? sql`+s.zip_code` : sql`s.zip_code`;
  if (filters.status === "active") terms.push(sql`${active} = 1`);
  if (filters.status === "unsubscribed") terms.push(sql`${active} = 0 AND s.confirmed_at IS NOT NULL`);
  if (filters.zip) terms.push(sql`${zip} >= ${filters.zip} AND ${zip} < ${filters.zip + TOP}`);
  if (filters.q) {
    const emailTerm = sql`(s.email >= ${filters.q} AND s.email < ${filters.q + TOP})`;
    terms.push(
      filters.q.includes("@")
        ? emailTerm
        : sql`(${emailTerm} OR (lower(s.first_name) >= ${filters.q} AND lower(s.first_name) < ${filters.q + TOP}))`,
    );
  }
  if (cursor) terms.push(sql`(s.subscribed_at, s.id) < (${cursor.at}, ${cursor.id})`);
  return terms.length ? sql.join(terms, sql` AND `) : sql`1`;
}

/**
 * The newest weekly email a subscriber was sent: one (campaign, subscriber) key lookup per weekly campaign
 * that still has ledger rows (decision 245; the ledger has no subscriber index).
 */
const LAST_WEEKLY = sql.raw(`(SELECT ${isoOf("max(l.at)")} FROM email_campaigns c
    JOIN email_ledger l ON l.campaign = c.seq AND l.subscriber = ${ledgerKey("s.id")}
    WHERE l.status = 1 AND c.kind = 'weekly')`);

/**
 * The page query. Without a search the (subscribed_at, id) index gives the order and the page is
 * read straight off it. With a search, SQLite would still walk that index and test every row
 * (100,000 table reads for a rare name), so the unary `+` takes the order off the index: the
 * prefix ranges find the few matches (a multi-index OR) and only those are sorted (decision 110).
 */
export function subscriberPageSql(filters: SubscriberFilters, cursor: Cursor | null, limit: number): SQL {
  const order = filters.q
    ? sql`ORDER BY +s.subscribed_at DESC, s.id DESC`
    : sql`ORDER BY s.subscribed_at DESC, s.id DESC`;
  return sql`
    SELECT s.id, s.first_name, s.email, s.zip_code, s.active, s.subscribed_at, s.unsubscribed_at,
      s.confirmed_at, s.consent_ip, s.consent_user_agent, ${LAST_WEEKLY} AS last_weekly_email_at
    FROM subscribers s
    WHERE ${whereOf(filters, cursor)}
    ${order}
    LIMIT ${limit}`;
}

/** One keyset page of the filtered list, newest subscription first. */
export async function readSubscriberPage(
  db: Db,
  filters: SubscriberFilters,
  cursorValue: string | undefined,
  limit: number,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const rows = await db.all<Row>(subscriberPageSql(filters, decodeCursor(cursorValue), limit + 1));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export function toListItem(row: Row, fullEmail: boolean): SubscriberListItem {
  return {
    id: row.id,
    first_name: row.first_name,
    email: fullEmail ? row.email : maskEmail(row.email),
    email_masked: !fullEmail,
    zip_code: row.zip_code,
    active: Boolean(row.active),
    status: statusOf(row),
    subscribed_at: row.subscribed_at,
    unsubscribed_at: row.unsubscribed_at,
    confirmed_at: row.confirmed_at,
    last_weekly_email_at: row.last_weekly_email_at,
  };
}

/** A person's consent evidence (decision 182), for their record in the admin drawer. */
export const consentOf = (row: Row): SubscriberConsent => ({
  confirmed_at: row.confirmed_at,
  ip_address: row.consent_ip,
  user_agent: row.consent_user_agent,
});

export async function readSubscriberRow(db: Db, id: string): Promise<Row | null> {
  const [row] = await db.all<Row>(sql`
    SELECT s.id, s.first_name, s.email, s.zip_code, s.active, s.subscribed_at, s.unsubscribed_at,
      s.confirmed_at, s.consent_ip, s.consent_user_agent, ${LAST_WEEKLY} AS last_weekly_email_at
    FROM subscribers s WHERE s.id = ${id} LIMIT 1`);
  return row ?? null;
}

/**
 * Six counts, each answered from an index (no table scan); suppressed addresses are issue 12's list.
 * Pending signups (never confirmed, always inactive) have their own partial index and are not counted
 * as unsubscribed; "new" counts signups, pending ones included.
 */
export async function readTotals(db: Db, now: Date): Promise<SubscriberTotals> {
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
  const [row] = await db.all<SubscriberTotals>(sql`
    SELECT
      (SELECT count(*) FROM subscribers WHERE active = 1) AS active,
      (SELECT count(*) FROM subscribers WHERE active = 0)
        - (SELECT count(*) FROM subscribers WHERE active = 0 AND confirmed_at IS NULL) AS unsubscribed,
      (SELECT count(*) FROM subscribers WHERE active = 0 AND confirmed_at IS NULL) AS pending,
      (SELECT count(*) FROM subscribers WHERE subscribed_at >= ${daysAgo(7)}) AS new_7d,
      (SELECT count(*) FROM subscribers WHERE subscribed_at >= ${daysAgo(30)}) AS new_30d,
      (SELECT count(*) FROM email_suppressions) AS suppressed`);
  return row ?? { active: 0, unsubscribed: 0, pending: 0, new_7d: 0, new_30d: 0, suppressed: 0 };
}

export const GROWTH_WEEKS = 12;

/** The Sunday (UTC) that starts the week of a date: the site's weeks run Sunday to Saturday. */
function weekStart(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/**
 * New subscriptions and unsubscribes per week for the last 12 weeks (this one included). SQLite
 * groups by day over two index ranges (at most 84 rows each); the weeks are summed here.
 */
export async function readGrowth(db: Db, now: Date): Promise<GrowthWeek[]> {
  const first = weekStart(new Date(now.getTime() - (GROWTH_WEEKS - 1) * 7 * 86_400_000));
  const [joined, left] = await Promise.all([
    db.all<{ day: string; n: number }>(sql`
      SELECT substr(subscribed_at, 1, 10) AS day, count(*) AS n FROM subscribers
      WHERE subscribed_at >= ${first} GROUP BY day`),
    db.all<{ day: string; n: number }>(sql`
      SELECT substr(unsubscribed_at, 1, 10) AS day, count(*) AS n FROM subscribers
      WHERE unsubscribed_at IS NOT NULL AND unsubscribed_at >= ${first} GROUP BY day`),
  ]);
  const weeks = new Map<string, GrowthWeek>();
  for (let i = 0; i < GROWTH_WEEKS; i++) {
    const start = new Date(Date.parse(`${first}T00:00:00Z`) + i * 7 * 86_400_000).toISOString().slice(0, 10);
    weeks.set(start, { week_start: start, new: 0, unsubscribed: 0 });
  }
  const add = (rows: { day: string; n: number }[], key: "new" | "unsubscribed") => {
    for (const r of rows) {
      const week = weeks.get(weekStart(new Date(`${r.day}T00:00:00Z`)));
      if (week) week[key] += r.n;
    }
  };
  add(joined, "new");
  add(left, "unsubscribed");
  return [...weeks.values()];
}
