import {
  ENDED_SESSION_DAYS,
  EXPIRED_REFRESH_TOKEN_DAYS,
  LEDGER_BATCHES_PER_RUN,
  OTHER_BATCHES_PER_RUN,
  PRUNE_BATCH_SIZE,
  SENDER_IP_DAYS,
  SOFT_BOUNCE_STREAK_DAYS,
  WEBHOOK_ADDRESS_DAYS,
  WEBHOOK_EVENT_DAYS,
} from "#contract/retention/windows";
import type { Db } from "../../platform/db";
import { SESSION_MAX_AGE_DAYS } from "../auth/sessions";
import { type LedgerPruneJob, startLedgerPruning } from "./ledger-pages";

type Task = {
  name: string;
  days: number;
  batches: number;
  /** One bounded statement: ?1 is the cutoff (ISO), ?2 the batch size; it touches at most ?2 rows. */
  sql: string;
};

/**
 * Each statement picks at most one batch of rowids in a subquery, so a write is short and a run's
 * statement count is known in advance (D1: 1,000 queries an invocation, decision 178).
 */
const TASKS: Task[] = [
  {
    // The event row stays (its provider id keeps a retried webhook from counting twice, and the
    // complaint rate counts it); the address goes. Suppressions keep theirs: that is their purpose.
    name: "webhook_addresses",
    days: WEBHOOK_ADDRESS_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `UPDATE email_webhook_events SET email = 'deleted' WHERE rowid IN (
            SELECT rowid FROM email_webhook_events WHERE created_at < ?1 AND email <> 'deleted' LIMIT ?2)`,
  },
  {
    name: "webhook_events",
    days: WEBHOOK_EVENT_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `DELETE FROM email_webhook_events WHERE rowid IN (
            SELECT rowid FROM email_webhook_events WHERE created_at < ?1 LIMIT ?2)`,
  },
  {
    name: "soft_bounce_streaks",
    days: SOFT_BOUNCE_STREAK_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `DELETE FROM email_soft_bounce_streaks WHERE rowid IN (
            SELECT rowid FROM email_soft_bounce_streaks WHERE updated_at < ?1 LIMIT ?2)`,
  },
  {
    name: "contact_ips",
    days: SENDER_IP_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `UPDATE contact_messages SET ip_address = NULL WHERE rowid IN (
            SELECT rowid FROM contact_messages WHERE created_at < ?1 AND ip_address IS NOT NULL LIMIT ?2)`,
  },
  {
    name: "submission_ips",
    days: SENDER_IP_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `UPDATE event_submissions SET ip_address = NULL WHERE rowid IN (
            SELECT rowid FROM event_submissions WHERE created_at < ?1 AND ip_address IS NOT NULL LIMIT ?2)`,
  },
  {
    // Before sessions, so deleting a session rarely has tokens left to cascade to.
    name: "refresh_tokens",
    days: EXPIRED_REFRESH_TOKEN_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `DELETE FROM refresh_tokens WHERE rowid IN (
            SELECT rowid FROM refresh_tokens WHERE expires_at < ?1 LIMIT ?2)`,
  },
  {
    // Every session ends 30 days after sign-in (decision 191), so one created twice that long ago has
    // been over for at least ENDED_SESSION_DAYS, however it ended; a revoked one goes that long after.
    name: "sessions",
    days: ENDED_SESSION_DAYS,
    batches: OTHER_BATCHES_PER_RUN,
    sql: `DELETE FROM sessions WHERE rowid IN (
            SELECT rowid FROM sessions
            WHERE revoked_at < ?1 OR created_at < strftime('%Y-%m-%dT%H:%M:%fZ', ?1, '-${SESSION_MAX_AGE_DAYS} days')
            LIMIT ?2)`,
  },
];

/** The most statements one run makes: the sum of the tasks' caps. */
export const PRUNE_MAX_STATEMENTS = TASKS.reduce((n, t) => n + t.batches, 0) + LEDGER_BATCHES_PER_RUN;

export type PruneResult = Record<string, number> & { more: number };

/**
 * The daily retention clean-up (decision 187): each task deletes or anonymises its rows past their
 * window, batch by batch, until a batch comes back short or the task's cap is reached. Rows left over
 * (`more` = 1: a task hit its cap) are the next day's run's first batches; nothing is lost by waiting.
 */
export async function pruneExpiredRecords(db: Db, now: Date, queue?: Queue<LedgerPruneJob>): Promise<PruneResult> {
  const result: PruneResult = { more: 0 };
  // The ledger (decision 246): a first page per ended campaign here, the rest in pages on the email queue.
  const ledgerPages = await startLedgerPruning(db, queue, now, LEDGER_BATCHES_PER_RUN);
  result.deliveries = ledgerPages.deleted;
  result.ledger_continued = ledgerPages.continued;
  for (const task of TASKS) {
    const cutoff = new Date(now.getTime() - task.days * 86_400_000).toISOString();
    const statement = db.$client.prepare(task.sql);
    let done = 0;
    let batch = 0;
    for (; batch < task.batches; batch++) {
      const { meta } = await statement.bind(cutoff, PRUNE_BATCH_SIZE).run();
      const changed = meta.changes ?? 0;
      done += changed;
      if (changed < PRUNE_BATCH_SIZE) break;
    }
    result[task.name] = done;
    if (batch === task.batches) result.more = 1;
  }
  return result;
}
