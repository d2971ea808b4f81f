/**
 * The send ledger's statements (decision 245), as D1 prepared statements so several run in one `batch` (one
 * transaction). The ledger is `email_ledger`: one WITHOUT ROWID row per (campaign number, subscriber key),
 * status a small integer, the lease and send key NULL once settled, reasons in `email_ledger_notes`.
 * Subscriber id lists are passed as one JSON parameter and read with json_each, which keeps every statement
 * far below D1's 100-bound-parameter limit whatever the batch size. A recipient is named by campaign and
 * subscriber id (there is no per-row id any more). (drizzle's `sql` raw queries cannot be batched with
 * parameters, hence plain D1 here.)
 */
import { type SQL, sql } from "drizzle-orm";

type Stmt = D1PreparedStatement;

/** A subscriber id as the ledger stores it: a UUID as its 16 bytes, anything else (`address:…`) as it is. */
export const ledgerKey = (expr: string) =>
  `(CASE WHEN ${expr} LIKE '________-____-____-____-____________' AND ${expr} = lower(${expr})
     THEN coalesce(unhex(replace(${expr}, '-', '')), ${expr}) ELSE ${expr} END)`;
/** The stored key back as the subscriber id. */
export const ledgerId = (expr: string) =>
  `(CASE WHEN typeof(${expr}) = 'blob' THEN lower(substr(hex(${expr}), 1, 8) || '-' || substr(hex(${expr}), 9, 4) || '-'
     || substr(hex(${expr}), 13, 4) || '-' || substr(hex(${expr}), 17, 4) || '-' || substr(hex(${expr}), 21)) ELSE ${expr} END)`;
/** The campaign's number, from its id in parameter `p`. */
const seqOf = (p: string) => `(SELECT seq FROM email_campaigns WHERE id = ${p})`;
/** The keys of the ids in the JSON array parameter `p`. */
const keysOf = (p: string) => `(SELECT ${ledgerKey("value")} FROM json_each(${p}))`;

export const STATUS = { pending: 0, sent: 1, failed: 2, skipped: 3, suppressed: 4 } as const;

/** A row's status in words (ledger row alias `l`), as the admin and the member read it. */
export const statusText = (l: string) =>
  `(CASE ${l}.status WHEN 0 THEN 'pending' WHEN 1 THEN 'sent' WHEN 2 THEN 'failed' WHEN 3 THEN 'skipped' ELSE 'suppressed' END)`;
/** A row's reason: its note (alias `n`), or the one its status implies. */
export const errorText = (l: string, n: string) =>
  `coalesce(${n}.error, CASE ${l}.status WHEN 3 THEN 'unsubscribed' WHEN 4 THEN 'address suppressed' END)`;
/** The row's last change (Unix seconds) as the ISO time every other table uses. */
export const isoOf = (expr: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${expr}, 'unixepoch')`;
/**
 * One person's rows as `FROM` text (aliases c, l, n, a): each campaign is one lookup of its (campaign,
 * subscriber) key, so the ledger needs no index on the subscriber.
 */
export const personRows = (subscriberId: string): SQL => sql`email_campaigns c
    JOIN email_ledger l ON l.campaign = c.seq
      AND l.subscriber = (SELECT ${sql.raw(ledgerKey("v"))} FROM (SELECT ${subscriberId} AS v))
    LEFT JOIN email_ledger_notes n ON n.campaign = l.campaign AND n.subscriber = l.subscriber
    LEFT JOIN weekly_actions a ON a.id = c.action_id`;

export const ledger = (d1: Pick<D1Database, "prepare">) => {
  /** A reason for each listed recipient of a campaign whose row matches `where` (appended to an earlier one). */
  const note = (cid: string, ids: string, error: string, where: string, append: boolean): Stmt =>
    d1
      .prepare(
        `INSERT INTO email_ledger_notes (campaign, subscriber, error)
         SELECT campaign, subscriber, ?3 FROM email_ledger
         WHERE campaign = ${seqOf("?1")} AND subscriber IN ${keysOf("?2")} AND ${where}
         ON CONFLICT (campaign, subscriber) DO UPDATE SET error = ${append ? "error || ' (' || excluded.error || ')'" : "excluded.error"}`,
      )
      .bind(cid, ids, error.slice(0, 500));
  const dropNotes = (cid: string, ids: string): Stmt =>
    d1
      .prepare(`DELETE FROM email_ledger_notes WHERE campaign = ${seqOf("?1")} AND subscriber IN ${keysOf("?2")}`)
      .bind(cid, ids);

  return {
    /**
     * A pending row for every listed subscriber that exists; existing rows are left as they are. The
     * fan-out writes them before it enqueues anything (a trigger counts them into the totals); the
     * recipient job repeats it as a no-op safety net.
     */
    insertPending: (cid: string, ids: string, waveId: string | null, nowIso: string): Stmt =>
      d1
        .prepare(
          `INSERT INTO email_ledger (campaign, subscriber, wave, status, at)
           SELECT c.seq, ${ledgerKey("s.id")}, (SELECT seq FROM email_campaign_waves WHERE id = ?3), 0, unixepoch(?4)
           FROM email_campaigns c JOIN subscribers s ON s.id IN (SELECT value FROM json_each(?2))
           WHERE c.id = ?1
           ON CONFLICT DO NOTHING`,
        )
        .bind(cid, ids, waveId, nowIso),

    /** One recipient of a one-message campaign (a test or welcome test): pending, attempted once. */
    insertOne: (cid: string, subscriberId: string, nowIso: string): Stmt =>
      d1
        .prepare(
          `INSERT INTO email_ledger (campaign, subscriber, status, attempts, at)
           SELECT seq, ${ledgerKey("?2")}, 0, 1, unixepoch(?3) FROM email_campaigns WHERE id = ?1
           ON CONFLICT DO NOTHING`,
        )
        .bind(cid, subscriberId, nowIso),

    /**
     * Late joiners of a wave: active subscribers of its zone who signed up (or came back) since the wave
     * opened and have no row yet. Their rows are written here, and the caller enqueues them.
     */
    insertLateJoiners: (cid: string, waveId: string, timeZone: string, sinceIso: string, nowIso: string): Stmt =>
      d1
        .prepare(
          `INSERT INTO email_ledger (campaign, subscriber, wave, status, at)
           SELECT c.seq, ${ledgerKey("s.id")}, (SELECT seq FROM email_campaign_waves WHERE id = ?2), 0, unixepoch(?5)
           FROM email_campaigns c JOIN subscribers s
             ON s.subscribed_at >= ?4 AND s.active = 1 AND s.time_zone = ?3
           WHERE c.id = ?1
             AND NOT EXISTS (SELECT 1 FROM email_ledger d WHERE d.campaign = c.seq AND d.subscriber = ${ledgerKey("s.id")})
           ON CONFLICT DO NOTHING
           RETURNING ${ledgerId("subscriber")} AS subscriber_id`,
        )
        .bind(cid, waveId, timeZone, sinceIso, nowIso),

    /**
     * Pending rows no consumer ever claimed, written more than `olderThanIso` ago: their queue message
     * was lost (a crash between writing the rows and enqueueing them). The cron re-enqueues them.
     */
    orphanedPending: (cid: string, olderThanIso: string, limit: number): Stmt =>
      d1
        .prepare(
          `SELECT ${ledgerId("l.subscriber")} AS subscriber_id, w.id AS wave_id
           FROM email_ledger l LEFT JOIN email_campaign_waves w ON w.seq = l.wave
           WHERE l.campaign = ${seqOf("?1")} AND l.status = 0 AND l.at < unixepoch(?2)
             AND l.attempts = 0 AND l.claimed_until IS NULL
           LIMIT ?3`,
        )
        .bind(cid, olderThanIso, limit),

    /** Pending rows whose address is on the suppression list: recorded as suppressed, never sent. */
    suppressListed: (cid: string, ids: string, nowIso: string): Stmt =>
      d1
        .prepare(
          `UPDATE email_ledger SET status = 4, claimed_until = NULL, at = unixepoch(?3)
           WHERE campaign = ${seqOf("?1")} AND status = 0 AND send_key IS NULL
             AND subscriber IN (SELECT ${ledgerKey("s.id")} FROM subscribers s JOIN email_suppressions x ON x.email = s.email
                                WHERE s.id IN (SELECT value FROM json_each(?2)))`,
        )
        .bind(cid, ids, nowIso),

    /**
     * Ids with no row whose subscriber is gone (or, for "failed", any id with no row) get an outcome too, so
     * the campaign's count still adds up; the reason goes in a note.
     */
    insertMissing: (cid: string, ids: string, status: "skipped" | "failed", error: string, waveId: string | null) => [
      d1
        .prepare(
          `INSERT INTO email_ledger (campaign, subscriber, wave, status, at)
           SELECT c.seq, ${ledgerKey("j.value")}, (SELECT seq FROM email_campaign_waves WHERE id = ?5), ?3, unixepoch('now')
           FROM email_campaigns c JOIN json_each(?2) j LEFT JOIN subscribers s ON s.id = j.value
           WHERE c.id = ?1 AND (?3 = 2 OR s.id IS NULL)
           ON CONFLICT DO NOTHING`,
        )
        .bind(cid, ids, STATUS[status], error, waveId),
      note(
        cid,
        ids,
        error,
        `status = ${STATUS[status]} AND (${STATUS[status]} = 2 OR ${ledgerId("subscriber")} NOT IN (SELECT id FROM subscribers))
         AND NOT EXISTS (SELECT 1 FROM email_ledger_notes n WHERE n.campaign = email_ledger.campaign AND n.subscriber = email_ledger.subscriber)`,
        false,
      ),
    ],

    /**
     * Pending rows of people who are no longer active: never sent to. (A row with a send key may have gone
     * out in a request whose answer was lost: it is settled with that request, not skipped; decision 198.)
     */
    skipInactive: (cid: string, ids: string, nowIso: string): Stmt =>
      d1
        .prepare(
          `UPDATE email_ledger SET status = 3, claimed_until = NULL, at = unixepoch(?3)
           WHERE campaign = ${seqOf("?1")} AND status = 0 AND send_key IS NULL
             AND subscriber IN ${keysOf("?2")}
             AND subscriber NOT IN (SELECT ${ledgerKey("s.id")} FROM subscribers s
                                    WHERE s.id IN (SELECT value FROM json_each(?2)) AND s.active = 1)`,
        )
        .bind(cid, ids, nowIso),

    /** Every still-pending row of these subscribers becomes failed with the reason. */
    failPending: (cid: string, ids: string, error: string, nowIso: string): Stmt[] => [
      note(cid, ids, error, "status = 0", true),
      d1
        .prepare(
          `UPDATE email_ledger SET status = 2, claimed_until = NULL, at = unixepoch(?3)
           WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
        )
        .bind(cid, ids, nowIso),
    ],

    /**
     * Claims the pending, unleased rows: the caller alone sends them until the lease ends. Rows never sent
     * take `sendKey`, the name of the request they are about to go in, before it goes (a crash mid-request
     * leaves them named); rows that already have one keep it and are settled under it (decision 198).
     */
    claim: (cid: string, ids: string, nowIso: string, leaseIso: string, sendKey: string): Stmt =>
      d1
        .prepare(
          `UPDATE email_ledger
           SET attempts = attempts + 1, claimed_until = ?4, at = unixepoch(?3), send_key = coalesce(send_key, ?5)
           WHERE campaign = ${seqOf("?1")} AND status = 0
             AND subscriber IN ${keysOf("?2")}
             AND (claimed_until IS NULL OR claimed_until < ?3)
           RETURNING ${ledgerId("subscriber")} AS subscriber_id, send_key`,
        )
        .bind(cid, ids, nowIso, leaseIso, sendKey),

    countPending: (cid: string, ids: string): Stmt =>
      d1
        .prepare(
          `SELECT count(*) AS n FROM email_ledger
           WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
        )
        .bind(cid, ids),

    /** Marks many recipients sent at once (`ids`: a JSON array of subscriber ids); their notes go. */
    markAllSent: (cid: string, ids: string, nowIso: string): Stmt[] => [
      d1
        .prepare(
          `UPDATE email_ledger SET status = 1, claimed_until = NULL, send_key = NULL, at = unixepoch(?3)
           WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
        )
        .bind(cid, ids, nowIso),
      dropNotes(cid, ids),
    ],

    markFailed: (cid: string, subscriberId: string, error: string, nowIso: string): Stmt[] => {
      const ids = JSON.stringify([subscriberId]);
      return [
        note(cid, ids, error, "status = 0", false),
        d1
          .prepare(
            `UPDATE email_ledger SET status = 2, claimed_until = NULL, send_key = NULL, at = unixepoch(?3)
             WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
          )
          .bind(cid, ids, nowIso),
      ];
    },

    /** The provider wrapper refused it: the address is on the suppression list. */
    markSuppressed: (cid: string, subscriberId: string, nowIso: string): Stmt[] => {
      const ids = JSON.stringify([subscriberId]);
      return [
        d1
          .prepare(
            `UPDATE email_ledger SET status = 4, claimed_until = NULL, send_key = NULL, at = unixepoch(?3)
             WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
          )
          .bind(cid, ids, nowIso),
        dropNotes(cid, ids),
      ];
    },

    /**
     * A retryable refusal (the provider surely did not take it): the row stays pending, loses its send key
     * and is released for the next attempt.
     */
    release: (cid: string, subscriberId: string, error: string, nowIso: string): Stmt[] => {
      const ids = JSON.stringify([subscriberId]);
      return [
        note(cid, ids, error, "status = 0", false),
        d1
          .prepare(
            `UPDATE email_ledger SET claimed_until = NULL, send_key = NULL, at = unixepoch(?3)
             WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
          )
          .bind(cid, ids, nowIso),
      ];
    },

    /**
     * An ambiguous answer (the provider may have taken them): the rows keep their send key, so the next
     * attempt settles them under it, and stay leased until `untilIso` — for a provider that is searched,
     * long enough for its search to show what it accepted. `ids` is a JSON array of subscriber ids.
     */
    holdUnsettled: (cid: string, ids: string, error: string, nowIso: string, untilIso: string): Stmt[] => [
      note(cid, ids, `unsettled: ${error}`, "status = 0", false),
      d1
        .prepare(
          `UPDATE email_ledger SET claimed_until = ?4, at = unixepoch(?3)
           WHERE campaign = ${seqOf("?1")} AND status = 0 AND subscriber IN ${keysOf("?2")}`,
        )
        .bind(cid, ids, nowIso, untilIso),
    ],

    /**
     * Completes the campaign once its fan-out is finished and every recipient has an outcome (the
     * counters are kept by triggers), and stamps the action's sent_at. Safe to run any number of times.
     */
    complete: (cid: string, nowIso: string): Stmt[] => [
      d1
        .prepare(
          `UPDATE email_campaigns SET status = 'completed', completed_at = ?2
           WHERE id = ?1 AND status IN ('pending', 'sending') AND fanout_done_at IS NOT NULL
             AND sent_count + failed_count + skipped_count >= total_recipients`,
        )
        .bind(cid, nowIso),
      d1
        .prepare(
          `UPDATE weekly_actions SET sent_at = ?2
           WHERE sent_at IS NULL
             AND id = (SELECT action_id FROM email_campaigns WHERE id = ?1 AND kind = 'weekly' AND status = 'completed')`,
        )
        .bind(cid, nowIso),
    ],
  };
};
