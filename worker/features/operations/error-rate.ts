import { inArray, lt, sql } from "drizzle-orm";
import { errorCounts } from "../../../db/schema";
import type { Db } from "../../platform/db";
import type { AlertDeps } from "./alerts";
import { raiseAlert } from "./alerts";

const HOUR_MS = 3_600_000;
const hourKey = (at: Date) => at.toISOString().slice(0, 13);

/** One upsert per server error into the hour's counter row: cheap enough for the error path. */
export async function countServerError(db: Db, now: Date): Promise<void> {
  await db
    .insert(errorCounts)
    .values({ hour: hourKey(now), count: 1 })
    .onConflictDoUpdate({ target: errorCounts.hour, set: { count: sql`${errorCounts.count} + 1` } });
}

/**
 * Server errors in the hour before `now`, from the two hourly rows it spans: the current hour's
 * count plus the previous hour's, weighted by how much of it still lies inside the window.
 */
export async function serverErrorsLastHour(db: Db, now: Date): Promise<number> {
  const previous = new Date(now.getTime() - HOUR_MS);
  const rows = await db
    .select()
    .from(errorCounts)
    .where(inArray(errorCounts.hour, [hourKey(now), hourKey(previous)]));
  const byHour = new Map(rows.map((r) => [r.hour, r.count]));
  const intoHour = (now.getTime() % HOUR_MS) / HOUR_MS;
  return Math.round((byHour.get(hourKey(now)) ?? 0) + (byHour.get(hourKey(previous)) ?? 0) * (1 - intoHour));
}

export async function checkErrorRate(deps: AlertDeps & { now: () => Date }): Promise<{ errors: number }> {
  const errors = await serverErrorsLastHour(deps.db, deps.now());
  const threshold = deps.config.ALERT_5XX_PER_HOUR;
  if (errors >= threshold) {
    await raiseAlert(deps, {
      kind: "error_rate",
      subject: "5xx",
      details: `${errors} server errors (5xx) in the last hour; the alert threshold is ${threshold} (ALERT_5XX_PER_HOUR). Search the Worker logs for "status":5 to see them.`,
    });
  }
  return { errors };
}

/** Counter rows older than two days are never read again. */
export async function pruneErrorCounts(db: Db, now: Date): Promise<void> {
  await db.delete(errorCounts).where(lt(errorCounts.hour, hourKey(new Date(now.getTime() - 48 * HOUR_MS))));
}
