// Background exports for the benchmarks (decision 250): run one through the API of a local Worker and read what
// its queue invocations cost in D1, as each committed step recorded it in `export_jobs` (counted by the D1 limit
// check, so the Worker must run with D1_LIMITS=enforce, as startDev's development variables do).
import { DatabaseSync } from "node:sqlite";

/** invocations (committed steps), queries over all of them, the most one invocation made, rows, status. */
export function exportCost(d1File, jobId) {
  const db = new DatabaseSync(d1File, { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  try {
    const row = db
      .prepare(
        "SELECT status, rows, invocations, queries_total AS queriesTotal, queries_max AS queriesMax FROM export_jobs WHERE id = ?",
      )
      .get(jobId);
    if (!row) throw new Error(`no export job ${jobId}`);
    return row;
  } finally {
    db.close();
  }
}

/**
 * Starts the admin's subscriber export with these filters, waits for the queue to prepare it, downloads the file,
 * and returns the file, the time from start to the last byte, and the export's cost (`exportCost`).
 */
export async function runSubscriberExport(url, headers, filters, d1File, { timeoutMs = 30 * 60_000 } = {}) {
  const base = `${url}/api/admin/subscribers/exports`;
  const json = { ...headers, "Content-Type": "application/json" };
  const t0 = performance.now();
  const started = await fetch(base, { method: "POST", headers: json, body: JSON.stringify(filters) });
  if (started.status !== 202) throw new Error(`export start: HTTP ${started.status} ${await started.text()}`);
  let job = (await started.json()).export;
  while (job.status === "pending") {
    if (performance.now() - t0 > timeoutMs) throw new Error(`export ${job.id} still pending`);
    await new Promise((r) => setTimeout(r, 250));
    job = (await (await fetch(`${base}/${job.id}`, { headers })).json()).export;
  }
  if (job.status !== "ready") throw new Error(`export ${job.id} ${job.status}`);
  const file = await fetch(`${url}${job.download.url}`, { headers });
  if (file.status !== 200) throw new Error(`export file: HTTP ${file.status}`);
  const text = await file.text();
  return { text, ms: performance.now() - t0, cost: exportCost(d1File, job.id) };
}
