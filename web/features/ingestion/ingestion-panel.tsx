import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { useId, useState } from "react";
import { AUDUBON_KEY, PAGES_PER_RUN } from "#contract/ingestion/sources-meta";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import {
  type IngestionSource,
  ingestionKeys,
  ingestionSourcesQuery,
  type RunRecord,
  type RunSummary,
  runAudubonBatch,
  runIngestion,
} from "./api";

const SOMETHING_WRONG = "Something went wrong";

const COUNTERS: [keyof RunRecord, string][] = [
  ["found", "Found"],
  ["mapped", "Mapped"],
  ["inserted", "Inserted"],
  ["updated", "Updated"],
  ["duplicate_unchanged", "Unchanged"],
  ["skipped_past", "Skipped: past"],
  ["skipped_invalid_datetime", "Skipped: invalid date"],
  ["skipped_missing_required", "Skipped: missing fields"],
  ["failed_db_error", "Database errors"],
  ["geocoded_count", "Geocoded"],
  ["all_day_events", "All-day"],
];

/** The spec's badge: Success, Error or No Recent Run, from the latest run. */
function StatusBadge({ run }: { run: RunRecord | null }) {
  if (!run) return <Badge variant="outline">No Recent Run</Badge>;
  if (run.status === "completed") return <Badge variant="success">Success</Badge>;
  if (run.status === "failed") return <Badge variant="destructive">Error</Badge>;
  return <Badge variant="secondary">Running</Badge>;
}

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");

/** Summary of the latest runs, for the card before anything is run in this session. */
function summaryOf(sources: IngestionSource[]): RunSummary {
  const runs = sources.map((s) => s.latest_run).filter((r): r is RunRecord => r !== null);
  return {
    successful: runs.filter((r) => r.status === "completed").length,
    total_sources: runs.length,
    total_events: runs.reduce((n, r) => n + r.found, 0),
    total_inserted: runs.reduce((n, r) => n + r.inserted, 0),
    total_updated: runs.reduce((n, r) => n + r.updated, 0),
  };
}

function SummaryCard({ summary, title }: { summary: RunSummary; title: string }) {
  const items: [string, number][] = [
    ["Successful", summary.successful],
    ["Sources", summary.total_sources],
    ["Events found", summary.total_events],
    ["Inserted", summary.total_inserted],
    ["Updated", summary.total_updated],
  ];
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-forest-900">Latest Run Summary</h3>
      <p className="text-sm text-muted-foreground">{title}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold text-forest-900" data-testid={`summary-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Admin: the ingestion sources, their latest runs, and the run buttons (spec §2 Ingestion panel). */
export function IngestionPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const sources = useQuery(ingestionSourcesQuery());
  const [lastSummary, setLastSummary] = useState<{ summary: RunSummary; title: string } | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ingestionKeys.sources });
    void queryClient.invalidateQueries({ queryKey: ["events", "search"] });
  };

  const runAll = useMutation({
    mutationFn: () => runIngestion({ run_all: true }),
    onSuccess: ({ summary, results }) => {
      const pending = results.filter((r) => r.pending).length;
      setLastSummary({ summary, title: `All sources, ${format(new Date(), "MMM d, h:mm a")}` });
      toast({
        title: "V2 Ingestion Complete",
        description: `${summary.successful} of ${summary.total_sources} sources succeeded · ${summary.total_inserted} new · ${summary.total_updated} updated${pending ? ` · ${pending} still running` : ""}`,
      });
    },
    onError: (error) =>
      toast({ title: "V2 Ingestion Failed", description: errorText(error, SOMETHING_WRONG), variant: "destructive" }),
    onSettled: refresh,
  });

  const runOne = useMutation({
    mutationFn: (source: IngestionSource) => runIngestion({ source_key: source.key }),
    onSuccess: ({ summary, results }, source) => {
      const result = results[0];
      setLastSummary({ summary, title: `${source.name}, ${format(new Date(), "MMM d, h:mm a")}` });
      if (!result?.success && !result?.pending) {
        toast({ title: "Source Failed", description: result?.error ?? "The run failed", variant: "destructive" });
        return;
      }
      toast({
        title: "Source Complete",
        description: result.pending
          ? `${source.name} is still running; its card updates when it finishes.`
          : `${source.name}: ${result.inserted} new · ${result.updated} updated · ${result.duplicate_unchanged} unchanged`,
      });
    },
    onError: (error) =>
      toast({ title: "Source Failed", description: errorText(error, SOMETHING_WRONG), variant: "destructive" }),
    onSettled: refresh,
  });

  const batch = useMutation({
    mutationFn: runAudubonBatch,
    onSuccess: (answer) =>
      toast({
        title: "Audubon Batch Complete",
        description: `${answer.batches_processed} batches · ${answer.totals.inserted} new · ${answer.totals.updated} updated`,
        duration: 10_000,
      }),
    onError: (error) =>
      toast({
        title: "Audubon Batch Failed",
        description: errorText(error, SOMETHING_WRONG),
        variant: "destructive",
        duration: 10_000,
      }),
    onSettled: refresh,
  });

  const busy = runAll.isPending || runOne.isPending || batch.isPending;

  return (
    <Card className="p-6 sm:p-8">
      <section aria-labelledby={`${id}-title`} aria-busy={busy}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-2xl font-semibold text-forest-900">
              Event Ingestion
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Events from conservation groups' calendars, listings and APIs, refreshed daily.
              {sources.data?.fixtures ? " Development: sources are served from local fixtures." : ""}
            </p>
          </div>
          <Button onClick={() => runAll.mutate()} disabled={busy}>
            {runAll.isPending ? "Running all sources…" : "Run All Sources"}
          </Button>
        </div>

        {sources.isPending ? (
          <Spinner className="mt-6" label="Loading sources…" />
        ) : sources.isError ? (
          <p role="alert" className="mt-6 text-clay-700">
            Failed to load ingestion sources: {errorText(sources.error, SOMETHING_WRONG)}
          </p>
        ) : (
          <>
            <div className="mt-6">
              <SummaryCard
                summary={lastSummary?.summary ?? summaryOf(sources.data.sources)}
                title={lastSummary?.title ?? "The latest run of each source"}
              />
            </div>
            <Accordion type="multiple" className="mt-6 grid gap-3">
              {sources.data.sources.map((s) => (
                <AccordionItem key={s.key} value={s.key} className="rounded-xl border border-border px-4 last:border-b">
                  <AccordionTrigger className="py-4 text-base">
                    <span className="flex flex-wrap items-center gap-2">
                      <span>{s.name}</span>
                      <Badge variant="outline">{s.type.toUpperCase()}</Badge>
                      <StatusBadge run={s.latest_run} />
                    </span>
                  </AccordionTrigger>
                  <AccordionContent>
                    <SourceDetails
                      source={s}
                      busy={busy}
                      running={runOne.isPending && runOne.variables?.key === s.key}
                      onRun={() => runOne.mutate(s)}
                      onBatch={s.key === AUDUBON_KEY ? () => batch.mutate() : undefined}
                      batchRunning={batch.isPending}
                    />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </>
        )}
      </section>
    </Card>
  );
}

function SourceDetails(props: {
  source: IngestionSource;
  busy: boolean;
  running: boolean;
  onRun: () => void;
  onBatch?: () => void;
  batchRunning: boolean;
}) {
  const { source: s, busy, running } = props;
  const run = s.latest_run;
  return (
    <div className="grid gap-4 text-foreground">
      <p className="text-sm text-muted-foreground">{s.description}</p>
      <p className="text-sm break-all">
        <span className="font-semibold">Source:</span> {s.url}
      </p>
      {s.disabled_reason ? <p className="text-sm font-semibold text-clay-700">{s.disabled_reason}</p> : null}
      {run ? (
        <div className="grid gap-2">
          <p className="text-sm">
            <span className="font-semibold">Last run:</span> {when(run.started_at)} · {run.pages}{" "}
            {run.pages === 1 ? "page" : "pages"}
          </p>
          {run.error_message ? <p className="text-sm text-clay-700">{run.error_message}</p> : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            {COUNTERS.map(([key, label]) => (
              <div key={key} className="flex justify-between gap-2 border-b border-border/60 py-1">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold">{run[key]}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No recent run.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={props.onRun} disabled={busy || !s.enabled}>
          {running ? "Running…" : `Run Now (${PAGES_PER_RUN} pages)`}
        </Button>
        {props.onBatch ? (
          <Button size="sm" variant="outline" onClick={props.onBatch} disabled={busy || !s.enabled}>
            {props.batchRunning ? "Running batches…" : "Run All Pages (Batched)"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
