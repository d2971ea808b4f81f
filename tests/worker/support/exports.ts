import { expect } from "vitest";
import type { ExportJobView } from "#contract/exports/responses";
import { api } from "../helpers";

/**
 * Runs a background export through its routes as the screen does: start it, ask its status until the queue's
 * invocations have prepared it, then fetch the file with the link the status gave.
 */
export async function startExport(base: string, headers: Record<string, string>, body: unknown = undefined) {
  const started = await api(base, { method: "POST", headers, json: body ?? {} });
  expect(started.status, await started.clone().text()).toBe(202);
  return ((await started.json()) as { export: ExportJobView }).export;
}

export async function exportStatus(base: string, id: string, headers: Record<string, string>) {
  const res = await api(`${base}/${id}`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { export: ExportJobView }).export;
}

/** Polls the status (the real queue runs the steps) until the export is ready; fails after `timeoutMs`. */
export async function waitForExport(base: string, id: string, headers: Record<string, string>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const view = await exportStatus(base, id, headers);
    if (view.status !== "pending") return view;
    if (Date.now() > until) throw new Error(`export ${id} still pending after ${timeoutMs} ms (${view.rows} rows)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Start, wait, download: the file's response and the job as its status last showed it. */
export async function runExport(base: string, headers: Record<string, string>, body?: unknown) {
  const started = await startExport(base, headers, body);
  const job = await waitForExport(base, started.id, headers);
  expect(job.status).toBe("ready");
  if (!job.download) throw new Error("a ready export without a link");
  const file = await api(job.download.url, { headers });
  return { job, file };
}

export const ADMIN_EXPORTS = "/api/admin/subscribers/exports";
export const MY_EXPORTS = "/api/me/exports";
