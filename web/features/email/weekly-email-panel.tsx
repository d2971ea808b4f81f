import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import type { WeeklySendState } from "#contract/email/responses";
import type { CampaignStatus, WaveStatus } from "#contract/email/schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { type Column, DataTable } from "../../components/ui/data-table";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { formatTimestamp } from "../../lib/format-timestamp";
import { campaignsQuery, emailKeys, triggerWeeklySend, weeklySendStateQuery } from "./api";
import { CompletionsTrend, formatRate } from "./completions-trend";

const STATUS_BADGE: Record<CampaignStatus["status"], "secondary" | "warning" | "success" | "destructive"> = {
  pending: "secondary",
  sending: "warning",
  completed: "success",
  failed: "destructive",
};

/**
 * The dashboard's manual weekly-email trigger (sends the current action to every active subscriber,
 * once — a second trigger answers 409) and the status of recent weekly campaigns.
 */
export function WeeklyEmailPanel() {
  const queryClient = useQueryClient();
  const campaigns = useQuery(campaignsQuery("weekly"));
  const sendState = useQuery(weeklySendStateQuery());
  const tableId = useId();
  const trigger = useMutation({
    mutationFn: () => triggerWeeklySend(),
    onSuccess: (result) => {
      toast({ title: "Weekly email triggered", description: result.message });
      void queryClient.invalidateQueries({ queryKey: emailKeys.campaigns("weekly") });
    },
    // Sent, or refused because it already went: either way the button now reads what happened.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: emailKeys.weeklySend() }),
    onError: (error) => {
      if (error instanceof ApiError) {
        toast({ title: `Failed to trigger email: ${error.message}`, variant: "destructive" });
      } else {
        toast({ title: "Unexpected error occurred while triggering email", variant: "destructive" });
      }
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Weekly email</CardTitle>
        <CardDescription>
          Scheduled actions go out by themselves on the first Monday of their week (the start date if the week has no
          Monday), at 9:00 AM in each subscriber's own time zone — one wave per zone. Send the current action now to
          every active subscriber at once if it has not gone out yet.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SendNow
          state={sendState.data}
          pending={trigger.isPending || sendState.isPending}
          onSend={(count) => {
            const people = `${count.toLocaleString("en-US")} active subscriber${count === 1 ? "" : "s"}`;
            if (window.confirm(`Send this week's action email to ${people} now?`)) trigger.mutate();
          }}
        />
        <CompletionsTrend campaigns={campaigns.data ?? []} tableId={tableId} />
        <div id={tableId}>
          <CampaignTable query={campaigns} />
        </div>
        <WaveTables campaigns={campaigns.data ?? []} />
      </CardContent>
    </Card>
  );
}

/** "Sent on Dec 5, 2026 9:14 AM to 1,234": the button once this week's email has gone (or is going) out. */
export function sentLabel(sent: NonNullable<WeeklySendState["sent"]>): string {
  const to = `${sent.recipients.toLocaleString("en-US")} subscriber${sent.recipients === 1 ? "" : "s"}`;
  if (sent.in_waves && (sent.status === "pending" || sent.status === "sending"))
    return `Going out today at 9:00 AM in each time zone (${to} so far)`;
  return `Sent on ${formatTimestamp(sent.at)} to ${to}`;
}

/**
 * The manual trigger (decision 232): what it would send and to how many; once that action's email went out, a
 * disabled "Sent on … to N" instead of a button that answers "already sent" on a second press.
 */
function SendNow({
  state,
  pending,
  onSend,
}: {
  state: WeeklySendState | undefined;
  pending: boolean;
  onSend: (subscribers: number) => void;
}) {
  const noteId = useId();
  if (state?.sent) {
    return (
      <div className="grid justify-items-start gap-2">
        {/* A plain button, not the primitive: its label wraps on a phone (the primitive's stays on one line). */}
        <button
          type="button"
          disabled
          aria-describedby={noteId}
          className="rounded-2xl border border-forest-700/30 bg-forest-100 px-5 py-2.5 text-left font-semibold text-forest-900"
        >
          {sentLabel(state.sent)}
        </button>
        <p id={noteId} className="text-sm text-muted-foreground">
          “{state.action?.title}” has been emailed; each action's weekly email goes out once.
        </p>
      </div>
    );
  }
  const count = state?.active_subscribers ?? 0;
  return (
    <div className="grid justify-items-start gap-2">
      <Button
        onClick={() => onSend(count)}
        disabled={pending || state?.action === null}
        aria-describedby={state ? noteId : undefined}
      >
        {pending ? "Sending..." : "Send Weekly Email Now"}
      </Button>
      {state ? (
        <p id={noteId} className="text-sm text-muted-foreground">
          {state.action
            ? `Sends “${state.action.title}” to ${count.toLocaleString("en-US")} active subscriber${count === 1 ? "" : "s"}.`
            : "There is no weekly action to send yet."}
        </p>
      ) : null}
    </div>
  );
}

const counts = <T extends { recipients: number; sent: number; failed: number; pending: number }>(): Column<T>[] => [
  { header: "Recipients", numeric: true, cell: (r) => r.recipients },
  { header: "Sent", numeric: true, cell: (r) => r.sent },
  { header: "Failed", numeric: true, cell: (r) => r.failed },
  { header: "Pending", numeric: true, cell: (r) => r.pending },
];

const campaignColumns: Column<CampaignStatus>[] = [
  { header: "Action", cell: (c) => c.action_title ?? "Deleted action" },
  { header: "Started", cell: (c) => formatTimestamp(c.created_at), nowrap: true },
  {
    header: "Status",
    cell: (c) => (
      <>
        <Badge variant={STATUS_BADGE[c.status]}>{c.status}</Badge>
        {c.error ? <span className="ml-2 text-clay-700">{c.error}</span> : null}
      </>
    ),
  },
  ...counts<CampaignStatus>(),
  // Decision 197: what each email moved, beside what the site recorded that week.
  { header: "Done via email", numeric: true, cell: (c) => c.completions?.from_email ?? "—" },
  { header: "Done on site", numeric: true, cell: (c) => c.completions?.from_site ?? "—" },
  { header: "Email rate", numeric: true, cell: (c) => formatRate(c.completions?.email_rate ?? null) },
];

function CampaignTable({ query }: { query: UseQueryResult<CampaignStatus[]> }) {
  if (query.isPending) return <Spinner label="Loading campaigns…" />;
  if (query.isError) return <p className="text-clay-700">Failed to load campaign status.</p>;
  return (
    <DataTable
      caption="Recent weekly email campaigns"
      columns={campaignColumns}
      rows={query.data}
      empty="No weekly emails sent yet."
    />
  );
}

/** Where a zone's 09:00 falls for the admin reading the page, with the zone's own name. */
const dueLabel = (w: WaveStatus) => `${formatTimestamp(w.due_at)} (9:00 AM ${w.time_zone.replaceAll("_", " ")})`;

const waveColumns: Column<WaveStatus>[] = [
  { header: "Time zone", cell: (w) => w.time_zone },
  { header: "Due at", cell: dueLabel, nowrap: true },
  ...counts<WaveStatus>(),
];

/** The waves (one per time zone) of the recent scheduled campaigns. */
function WaveTables({ campaigns }: { campaigns: CampaignStatus[] }) {
  const scheduled = campaigns.filter((c) => c.waves.length > 0).slice(0, 3);
  if (scheduled.length === 0) return null;
  return (
    <div className="grid gap-6">
      {scheduled.map((c) => (
        <section key={c.id} aria-labelledby={`waves-${c.id}`}>
          <h3 id={`waves-${c.id}`} className="mb-2 font-semibold text-forest-900">
            Waves: {c.action_title ?? "Deleted action"}
            {c.send_day ? <span className="font-normal text-muted-foreground"> — {c.send_day}</span> : null}
          </h3>
          <DataTable
            caption="Send waves by time zone"
            label={`Send waves by time zone (${c.action_title ?? "Deleted action"}, ${c.send_day ?? formatTimestamp(c.created_at)})`}
            columns={waveColumns}
            rows={c.waves}
            rowKey={(w) => w.time_zone}
            empty=""
          />
        </section>
      ))}
    </div>
  );
}
