// The retention windows (decision 187), zod-free so the About page and the admin drawer can print them.

/** A completed (or failed) campaign's per-recipient ledger rows are kept this long after it ended. */
export const DELIVERY_RETENTION_DAYS = 90;
/** Mail webhook events (bounces, complaints) keep their address this long, the row itself for the ledger's window. */
export const WEBHOOK_ADDRESS_DAYS = 30;
export const WEBHOOK_EVENT_DAYS = 90;
/** A soft-bounce run not added to for this long is forgotten (a delivery ends it anyway). */
export const SOFT_BOUNCE_STREAK_DAYS = 90;
/** The IP address a contact message or an event submission was sent from. */
export const SENDER_IP_DAYS = 30;

/**
 * Ended sessions (revoked, or past their 30-day life) stay listed in the member's data export this long;
 * refresh tokens go a day after they expire (a used one only matters while its session can refresh).
 */
export const ENDED_SESSION_DAYS = 30;
export const EXPIRED_REFRESH_TOKEN_DAYS = 1;

/** Rows one clean-up statement touches: short writes, so requests are not held behind them. */
export const PRUNE_BATCH_SIZE = 1000;
/**
 * Statements per task and cron run. The ledger's share of the run starts the clean-up of each ended
 * campaign; what it leaves continues on the email queue (decision 246), so the ledger is not bound by it.
 */
export const LEDGER_BATCHES_PER_RUN = 50;
export const OTHER_BATCHES_PER_RUN = 5;
/**
 * Statements one email-queue batch may spend on ledger clean-up pages (shared by the batch's clean-up
 * messages). The rest of the invocation's 1,000 queries stays for the ≤ 25 send jobs beside them (≈ 15 each).
 * One page message removes up to 400 × 1,000 rows and enqueues the next page while rows are left: a week of
 * sends at 1,000,000 subscribers (1,000,000 rows) is three messages, and pages follow one another with no
 * daily cap, so the clean-up keeps pace at any size.
 */
export const LEDGER_PAGE_STATEMENTS = 400;
