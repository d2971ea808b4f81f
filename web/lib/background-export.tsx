/**
 * A background export on screen (decision 250): the button starts it, the status is asked every second
 * while it is "Preparing…", and once ready the file is fetched with the person's session and a fresh signed
 * link, then offered as a link to save. Kept out of web/lib/api.ts: only admin and My Progress screens use it.
 */
import { useEffect, useRef, useState } from "react";
import type { ExportJobView } from "#contract/exports/responses";
import { errorText } from "./error-text";
import type { ApiFile } from "./file-download";

export type ExportCalls = {
  start: () => Promise<{ export: ExportJobView }>;
  status: (id: string) => Promise<{ export: ExportJobView }>;
  file: (id: string, token: string) => Promise<ApiFile>;
};

type State =
  | { phase: "idle" }
  | { phase: "preparing"; rows: number }
  | { phase: "ready"; href: string; filename: string }
  | { phase: "failed"; message: string };

const POLL_MS = 1000;

export function useBackgroundExport(calls: ExportCalls) {
  const [state, setState] = useState<State>({ phase: "idle" });
  const run = useRef(0);
  const href = state.phase === "ready" ? state.href : null;
  // The saved file's object URL lives as long as the link on screen.
  useEffect(() => () => void (href && URL.revokeObjectURL(href)), [href]);
  useEffect(() => () => void run.current++, []);

  async function begin() {
    const mine = ++run.current;
    const live = () => run.current === mine;
    setState({ phase: "preparing", rows: 0 });
    try {
      let job = (await calls.start()).export;
      while (job.status === "pending") {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (!live()) return;
        job = (await calls.status(job.id)).export;
        if (live()) setState({ phase: "preparing", rows: job.rows });
      }
      if (job.status !== "ready" || !job.download) throw new Error("The export failed. Please try again.");
      const file = await calls.file(job.id, job.download.token);
      if (live()) setState({ phase: "ready", href: URL.createObjectURL(file.blob), filename: file.filename });
    } catch (err) {
      if (live()) setState({ phase: "failed", message: errorText(err) });
    }
  }

  return { state, begin, busy: state.phase === "preparing" };
}

/** What the person sees: "Preparing…" (a live status), then the link to their file, or why it failed. */
export function ExportProgress({ state, label }: { state: State; label: string }) {
  return (
    <div role="status" aria-live="polite" className="text-sm">
      {state.phase === "preparing" ? (
        <span className="text-muted-foreground">
          Preparing {label}…{state.rows > 0 ? ` ${state.rows.toLocaleString("en-US")} rows so far.` : ""}
        </span>
      ) : state.phase === "ready" ? (
        <a
          href={state.href}
          download={state.filename}
          className="font-semibold text-forest-800 underline underline-offset-2 hover:text-forest-900"
        >
          Download {state.filename}
        </a>
      ) : state.phase === "failed" ? (
        <span className="text-clay-700">Export failed: {state.message}</span>
      ) : null}
    </div>
  );
}
