/**
 * The send ledger's statements, as D1 prepared statements so several run in one `batch` (one
 * transaction). Subscriber id lists are passed as one JSON parameter and read with json_each, which
 * keeps every statement far below D1's 100-bound-parameter limit whatever the batch size.
 * (drizzle's `sql` raw queries cannot be batched with parameters, hence plain D1 here.)
 */
type Stmt = D1PreparedStatement;

export const ledger = (d1: Pick<D1Database, "prepare">) => ({
  /**
   * A pending row for every listed subscriber that exists; existing rows are left as they are. The
   * fan-out writes them before it enqueues anything (a trigger counts them into the totals); the
   * recipient job repeats it as a no-op safety net.
   */
  insertPending: (cid: string, ids: string, waveId: string | null, nowIso: string): Stmt =>
    d1
      .prepare(
        `INSERT INTO email_deliveries (id, campaign_id, wave_id, subscriber_id, email, status, created_at, updated_at)
         SELECT lower(hex(randomblob(16))), ?1, ?3, s.id, s.email, 'pending', ?4, ?4
         FROM subscribers s
         WHERE s.id IN (SELECT value FROM json_each(?2))
           AND EXISTS (SELECT 1 FROM email_campaigns c WHERE c.id = ?1)
         ON CONFLICT DO NOTHING`,
      )
      .bind(cid, ids, waveId, nowIso),

  /**
   * Late joiners of a wave: active subscribers of its zone who signed up (or came back) since the wave
   * opened and have no row yet. Their rows are written here, and the caller enqueues them.
   */
  insertLateJoiners: (cid: string, waveId: string, timeZone: string, sinceIso: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `INSERT INTO email_deliveries (id, campaign_id, wave_id, subscriber_id, email, status, created_at, updated_at)
         SELECT lower(hex(randomblob(16))), ?1, ?2, s.id, s.email, 'pending', ?5, ?5
         FROM subscribers s
         WHERE s.subscribed_at >= ?4 AND s.active = 1 AND s.time_zone = ?3
           AND NOT EXISTS (SELECT 1 FROM email_deliveries d WHERE d.campaign_id = ?1 AND d.subscriber_id = s.id)
         ON CONFLICT DO NOTHING
         RETURNING subscriber_id`,
      )
      .bind(cid, waveId, timeZone, sinceIso, nowIso),

  /**
   * Pending rows no consumer ever claimed, written more than `olderThanIso` ago: their queue message
   * was lost (a crash between writing the rows and enqueueing them). The cron re-enqueues them.
   */
  orphanedPending: (cid: string, olderThanIso: string, limit: number): Stmt =>
    d1
      .prepare(
        `SELECT subscriber_id, wave_id FROM email_deliveries
         WHERE campaign_id = ?1 AND status = 'pending' AND attempts = 0 AND claimed_until IS NULL AND created_at < ?2
         LIMIT ?3`,
      )
      .bind(cid, olderThanIso, limit),

  /** Pending rows whose address is on the suppression list: recorded as suppressed, never sent. */
  suppressListed: (cid: string, ids: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries SET status = 'suppressed', error = 'address suppressed', claimed_until = NULL, updated_at = ?3
         WHERE campaign_id = ?1 AND status = 'pending' AND send_key IS NULL
           AND subscriber_id IN (SELECT value FROM json_each(?2))
           AND EXISTS (SELECT 1 FROM email_suppressions x WHERE x.email = email_deliveries.email)`,
      )
      .bind(cid, ids, nowIso),

  /** Ids whose subscriber row is gone get an outcome too, so the campaign's count still adds up. */
  insertMissing: (cid: string, ids: string, status: "skipped" | "failed", error: string, waveId: string | null): Stmt =>
    d1
      .prepare(
        `INSERT INTO email_deliveries (id, campaign_id, wave_id, subscriber_id, email, status, error)
         SELECT lower(hex(randomblob(16))), ?1, ?5, j.value, coalesce(s.email, ''), ?3, ?4
         FROM json_each(?2) j LEFT JOIN subscribers s ON s.id = j.value
         WHERE (?3 = 'failed' OR s.id IS NULL)
           AND EXISTS (SELECT 1 FROM email_campaigns c WHERE c.id = ?1)
         ON CONFLICT DO NOTHING`,
      )
      .bind(cid, ids, status, error, waveId),

  /**
   * Pending rows of people who are no longer active: never sent to. (A row with a send key may have gone
   * out in a request whose answer was lost: it is settled with that request, not skipped; decision 198.)
   */
  skipInactive: (cid: string, ids: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries SET status = 'skipped', error = 'unsubscribed', claimed_until = NULL, updated_at = ?3
         WHERE campaign_id = ?1 AND status = 'pending' AND send_key IS NULL
           AND subscriber_id IN (SELECT value FROM json_each(?2))
           AND NOT EXISTS (SELECT 1 FROM subscribers s WHERE s.id = email_deliveries.subscriber_id AND s.active = 1)`,
      )
      .bind(cid, ids, nowIso),

  /** Every still-pending row of these subscribers becomes failed with the reason. */
  failPending: (cid: string, ids: string, error: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries
         SET status = 'failed', claimed_until = NULL, updated_at = ?4,
             error = CASE WHEN error IS NULL THEN ?3 ELSE error || ' (' || ?3 || ')' END
         WHERE campaign_id = ?1 AND status = 'pending' AND subscriber_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(cid, ids, error, nowIso),

  /**
   * Claims the pending, unleased rows: the caller alone sends them until the lease ends. Rows never sent
   * take `sendKey`, the name of the request they are about to go in, before it goes (a crash mid-request
   * leaves them named); rows that already have one keep it and are settled under it (decision 198).
   */
  claim: (cid: string, ids: string, nowIso: string, leaseIso: string, sendKey: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries
         SET attempts = attempts + 1, claimed_until = ?4, updated_at = ?3, send_key = coalesce(send_key, ?5)
         WHERE campaign_id = ?1 AND status = 'pending'
           AND subscriber_id IN (SELECT value FROM json_each(?2))
           AND (claimed_until IS NULL OR claimed_until < ?3)
         RETURNING id, subscriber_id, send_key`,
      )
      .bind(cid, ids, nowIso, leaseIso, sendKey),

  countPending: (cid: string, ids: string): Stmt =>
    d1
      .prepare(
        `SELECT count(*) AS n FROM email_deliveries
         WHERE campaign_id = ?1 AND status = 'pending' AND subscriber_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(cid, ids),

  /** Marks many rows sent at once: `pairs` is a JSON array of { d: delivery id, m: provider message id }. */
  markAllSent: (pairs: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries
         SET status = 'sent', error = NULL, claimed_until = NULL, send_key = NULL, updated_at = ?2,
             provider_message_id = (SELECT json_extract(j.value, '$.m') FROM json_each(?1) j
                                    WHERE json_extract(j.value, '$.d') = email_deliveries.id)
         WHERE id IN (SELECT json_extract(value, '$.d') FROM json_each(?1)) AND status = 'pending'`,
      )
      .bind(pairs, nowIso),

  markFailed: (deliveryId: string, error: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries SET status = 'failed', error = ?2, claimed_until = NULL, send_key = NULL, updated_at = ?3
         WHERE id = ?1 AND status = 'pending'`,
      )
      .bind(deliveryId, error.slice(0, 500), nowIso),

  /** The provider wrapper refused it: the address is on the suppression list. */
  markSuppressed: (deliveryId: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries SET status = 'suppressed', error = 'address suppressed', claimed_until = NULL, send_key = NULL, updated_at = ?2
         WHERE id = ?1 AND status = 'pending'`,
      )
      .bind(deliveryId, nowIso),

  /**
   * A retryable refusal (the provider surely did not take it): the row stays pending, loses its send key
   * and is released for the next attempt.
   */
  release: (deliveryId: string, error: string, nowIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries SET error = ?2, claimed_until = NULL, send_key = NULL, updated_at = ?3
         WHERE id = ?1 AND status = 'pending'`,
      )
      .bind(deliveryId, error.slice(0, 500), nowIso),

  /**
   * An ambiguous answer (the provider may have taken them): the rows keep their send key, so the next
   * attempt settles them under it, and stay leased until `untilIso` — for a provider that is searched,
   * long enough for its search to show what it accepted. `deliveryIds` is a JSON array.
   */
  holdUnsettled: (deliveryIds: string, error: string, nowIso: string, untilIso: string): Stmt =>
    d1
      .prepare(
        `UPDATE email_deliveries SET error = ?2, claimed_until = ?4, updated_at = ?3
         WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'pending'`,
      )
      .bind(deliveryIds, `unsettled: ${error}`.slice(0, 500), nowIso, untilIso),

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
});
