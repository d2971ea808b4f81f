import { sha256Hex } from "./crypto";

/**
 * Structured logs: one JSON object per line, so Workers Logs (`[observability]`) can filter on
 * fields. Callers pass ids, counts and codes only — never emails, tokens or request bodies.
 */
export function logJson(entry: Record<string, unknown>, level: "log" | "error" = "log"): void {
  console[level](JSON.stringify(entry));
}

/** A stable, non-reversible stand-in for a user id in logs (enough to follow one user's requests). */
export async function hashUserId(userId: string): Promise<string> {
  return (await sha256Hex(`earthkind-log:${userId}`)).slice(0, 16);
}

export type JobCounts = Record<string, number>;

/**
 * Runs one cron or queue job and logs one line for it: job, counts, duration, outcome. A failing
 * job is logged and rethrown, so the caller decides whether the others still run.
 */
export async function runLoggedJob<T>(
  job: string,
  fn: () => Promise<T>,
  counts: (result: T) => JobCounts = () => ({}),
): Promise<T> {
  const started = Date.now();
  try {
    const result = await fn();
    logJson({ type: "job", job, outcome: "ok", duration_ms: Date.now() - started, counts: counts(result) });
    return result;
  } catch (err) {
    logJson(
      {
        type: "job",
        job,
        outcome: "error",
        duration_ms: Date.now() - started,
        error: err instanceof Error ? err.message : String(err),
      },
      "error",
    );
    throw err;
  }
}
