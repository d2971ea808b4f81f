import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { type Column, DataTable } from "../../components/ui/data-table";
import { Spinner } from "../../components/ui/spinner";
import { formatTimestamp } from "../../lib/format-timestamp";
import { usePageTitle } from "../../lib/use-page-title";
import { AlertList } from "./alert-list";
import { type SystemStatus, systemStatusQuery } from "./api";

/** /admin/status: the build, the cron, the last weekly send, the backlog, sources and open alerts. */
export function SystemStatusPage() {
  usePageTitle("System Status");
  const status = useQuery(systemStatusQuery());
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <div>
        <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
        <h1 className="mt-2 text-4xl font-semibold text-forest-900">System Status</h1>
      </div>
      {status.isPending ? (
        <Spinner label="Loading system status…" />
      ) : status.isError ? (
        <p role="alert" className="text-clay-700">
          Failed to load the system status: {status.error.message}
        </p>
      ) : (
        <StatusSections status={status.data} />
      )}
    </div>
  );
}

const sourceColumns: Column<SystemStatus["sources"][number]>[] = [
  { header: "Source", cell: (s) => s.name },
  { header: "Last run", cell: (s) => formatTimestamp(s.last_run_at), nowrap: true },
  { header: "Status", cell: (s) => s.last_status ?? "never run" },
  { header: "Events found", numeric: true, cell: (s) => s.last_found ?? "—" },
  { header: "Failures in a row", numeric: true, cell: (s) => s.consecutive_failures },
];

function StatusSections({ status }: { status: SystemStatus }) {
  const send = status.weekly_send;
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Build">
          <Facts
            rows={[
              ["Version", status.build.version],
              ["Commit", <code key="c">{status.build.commit}</code>],
              ["Built", formatTimestamp(status.build.builtAt)],
            ]}
          />
        </Section>
        <Section title="Scheduler">
          <Facts
            rows={[
              ["Last cron tick", status.cron ? formatTimestamp(status.cron.last_tick_at) : "Never"],
              [
                "Outcome",
                status.cron ? (
                  <Badge key="o" variant={status.cron.outcome === "ok" ? "success" : "destructive"}>
                    {status.cron.outcome === "ok" ? "ok" : "a job failed"}
                  </Badge>
                ) : (
                  "—"
                ),
              ],
            ]}
          />
        </Section>
        <Section title="Last weekly send">
          {send ? (
            <Facts
              rows={[
                ["Action", send.action_title ?? "Deleted action"],
                ["Started", formatTimestamp(send.created_at)],
                ["Status", send.error ? `${send.status}: ${send.error}` : send.status],
                ["Sent / failed / pending", `${send.sent} / ${send.failed} / ${send.pending} of ${send.recipients}`],
              ]}
            />
          ) : (
            <p className="text-muted-foreground">No weekly email has been sent yet.</p>
          )}
        </Section>
        <Section title="Backlog">
          <Facts
            rows={[
              ["Sends in progress", String(status.backlog.active_campaigns)],
              ["Recipients waiting", String(status.backlog.pending_deliveries)],
              ["Ingestion runs in progress", String(status.backlog.running_ingestion)],
            ]}
          />
        </Section>
      </div>
      <Section title={`Open alerts (${status.alerts.length})`}>
        <AlertList alerts={status.alerts} />
      </Section>
      <Section title="Event sources">
        <DataTable
          caption="Health of each event source"
          columns={sourceColumns}
          rows={status.sources}
          rowKey={(s) => s.key}
          empty="No event sources."
        />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-forest-900">{label}</dt>
          <dd className="text-forest-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
