import { and, eq, ne } from "drizzle-orm";
import { ingestionRuns } from "../../../db/schema";
import { newestFirst } from "../../platform/db";
import { type AlertDeps, raiseAlert } from "./alerts";

/** Failed runs in a row that make a source an alert. */
export const FAILURES_IN_A_ROW = 3;

/**
 * Called when a run of `sourceKey` finishes: three failed runs in a row, or a successful run that
 * found nothing after earlier runs found events (a changed page layout reads as "no events").
 */
export async function checkSourceHealth(deps: AlertDeps, sourceKey: string): Promise<void> {
  // The run is already recorded; a failed check must not make the queue run it again.
  await sourceAlerts(deps, sourceKey).catch((err) => console.error("source health check failed", sourceKey, err));
}

async function sourceAlerts(deps: AlertDeps, sourceKey: string): Promise<void> {
  const runs = await deps.db
    .select({ status: ingestionRuns.status, found: ingestionRuns.found, error: ingestionRuns.errorMessage })
    .from(ingestionRuns)
    .where(and(eq(ingestionRuns.sourceKey, sourceKey), ne(ingestionRuns.status, "running")))
    .orderBy(...newestFirst(ingestionRuns, ingestionRuns.startedAt))
    .limit(FAILURES_IN_A_ROW);
  const [latest] = runs;
  if (!latest) return;
  if (runs.length === FAILURES_IN_A_ROW && runs.every((r) => r.status === "failed")) {
    await raiseAlert(deps, {
      kind: "source_failing",
      subject: sourceKey,
      details: `The last ${FAILURES_IN_A_ROW} runs of the event source "${sourceKey}" failed. Latest error: ${latest.error ?? "unknown"}.`,
    });
  } else if (latest.status === "completed" && latest.found === 0 && runs.slice(1).some((r) => r.found > 0)) {
    await raiseAlert(deps, {
      kind: "source_empty",
      subject: sourceKey,
      details: `The event source "${sourceKey}" returned no events, after earlier runs returned some. Its page or feed may have changed.`,
    });
  }
}
