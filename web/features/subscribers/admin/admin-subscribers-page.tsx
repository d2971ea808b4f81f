import { useQuery } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { type FormEvent, useState } from "react";
import { SUBSCRIBER_STATUSES, type SubscriberStatusFilter } from "#contract/subscribers/admin-schemas";
import { Button } from "../../../components/ui/button";
import { type Column, DataTable } from "../../../components/ui/data-table";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { ExportProgress, useBackgroundExport } from "../../../lib/background-export";
import { usePageTitle } from "../../../lib/use-page-title";
import {
  type SubscriberListFilter,
  type SubscriberListItem,
  type SubscriberTotals,
  subscriberExportCalls,
  subscriberGrowthQuery,
  subscriberListQuery,
} from "./admin-api";
import { GrowthChart } from "./growth-chart";
import { SubscriberStatusBadge } from "./status-badge";
import { SubscriberDrawer } from "./subscriber-drawer";

const STATUS_LABELS: Record<SubscriberStatusFilter, string> = {
  all: "All",
  active: "Active",
  unsubscribed: "Unsubscribed",
};
const day = (iso: string | null) => (iso ? format(parseISO(iso), "MMM d, yyyy") : "—");

/** /admin/subscribers — who gets the weekly email, how the list grows, and what each person was sent. */
export function AdminSubscribersPage() {
  usePageTitle("Subscribers");
  const [draft, setDraft] = useState<SubscriberListFilter>({ q: "", status: "all", zip: "" });
  const [filter, setFilter] = useState<SubscriberListFilter>(draft);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [fullEmails, setFullEmails] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(subscriberListQuery({ ...filter, cursor: cursors.at(-1) ?? null, fullEmails }));
  const growth = useQuery(subscriberGrowthQuery());
  // The export follows the filters applied when it was started (a new start replaces the shown link).
  const exporter = useBackgroundExport(subscriberExportCalls(filter));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: draft.q.trim(), status: draft.status, zip: draft.zip.trim() });
    setCursors([null]);
  };

  const columns: Column<SubscriberListItem>[] = [
    {
      header: "Name",
      cell: (s) => (
        <button
          type="button"
          className="font-semibold text-forest-800 underline underline-offset-2 hover:text-forest-900"
          onClick={() => setOpenId(s.id)}
        >
          {s.first_name}
        </button>
      ),
    },
    { header: "Email", cell: (s) => <span className="break-all">{s.email}</span> },
    { header: "ZIP", cell: (s) => s.zip_code ?? "—" },
    {
      header: "Status",
      cell: (s) => <SubscriberStatusBadge status={s.status} />,
    },
    { header: "Subscribed", cell: (s) => day(s.subscribed_at) },
    { header: "Last weekly email", cell: (s) => day(s.last_weekly_email_at) },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
      <h1 className="mt-2 text-4xl font-semibold text-forest-900">Subscribers</h1>
      <p className="mt-4 text-lg text-muted-foreground">Who gets the weekly action, and what we sent them.</p>

      <section aria-labelledby="totals-title" className="mt-8">
        <h2 id="totals-title" className="sr-only">
          Totals
        </h2>
        {list.data ? <Totals totals={list.data.totals} /> : <Spinner label="Loading totals…" />}
      </section>

      <section aria-labelledby="growth-title" className="mt-10">
        <h2 id="growth-title" className="text-2xl font-semibold text-forest-900">
          Weekly growth
        </h2>
        <div className="mt-4 max-w-3xl">
          {growth.data ? (
            <GrowthChart weeks={growth.data.weeks} />
          ) : growth.isError ? (
            <p role="alert" className="text-clay-700">
              Failed to load growth: {growth.error.message}
            </p>
          ) : (
            <Spinner label="Loading growth…" />
          )}
        </div>
      </section>

      <section aria-labelledby="list-title" className="mt-10">
        <h2 id="list-title" className="text-2xl font-semibold text-forest-900">
          People
        </h2>
        <form aria-label="Filter subscribers" onSubmit={apply} className="mt-4 flex flex-wrap items-end gap-3">
          <FormField label="Search name or email" className="gap-1.5">
            <Input
              type="search"
              value={draft.q}
              maxLength={254}
              placeholder="Starts with…"
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </FormField>
          <FormField label="Status" className="gap-1.5">
            <Select
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value as SubscriberStatusFilter })}
            >
              {SUBSCRIBER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="ZIP starts with" className="gap-1.5">
            <Input
              inputMode="numeric"
              pattern="\d{0,5}"
              maxLength={5}
              className="w-32"
              value={draft.zip}
              onChange={(e) => setDraft({ ...draft, zip: e.target.value })}
            />
          </FormField>
          <Button type="submit">Apply filters</Button>
          <Button type="button" variant="outline" disabled={exporter.busy} onClick={() => void exporter.begin()}>
            Export CSV
          </Button>
          <Button type="button" variant="outline" aria-pressed={fullEmails} onClick={() => setFullEmails((v) => !v)}>
            {fullEmails ? "Mask emails" : "Show full emails"}
          </Button>
        </form>
        <div className="mt-2">
          <ExportProgress state={exporter.state} label="the CSV" />
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          Search matches the start of a first name or email address. Showing full emails, opening a person and exporting
          are recorded in the security log.
        </p>

        <div className="mt-6">
          {list.isPending ? (
            <Spinner label="Loading subscribers…" />
          ) : list.isError ? (
            <p role="alert" className="text-clay-700">
              Failed to load subscribers: {list.error.message}
            </p>
          ) : (
            <DataTable
              caption="Subscribers, newest first"
              columns={columns}
              rows={list.data.subscribers}
              empty="No subscribers match these filters."
              minWidth="min-w-[52rem]"
            />
          )}
        </div>
        <div className="mt-4 flex gap-3">
          <Button variant="outline" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button
            variant="outline"
            disabled={!list.data?.next_cursor}
            onClick={() => setCursors((c) => [...c, list.data?.next_cursor ?? null])}
          >
            Older
          </Button>
        </div>
      </section>
      <SubscriberDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function Totals({ totals }: { totals: SubscriberTotals }) {
  const items = [
    ["Active", totals.active],
    ["Unsubscribed", totals.unsubscribed],
    ["Pending confirmation", totals.pending],
    ["New in the last 7 days", totals.new_7d],
    ["New in the last 30 days", totals.new_30d],
    ["Suppressed (bounced or complained)", totals.suppressed],
  ] as const;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className="font-display text-3xl font-semibold text-forest-900">{value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
