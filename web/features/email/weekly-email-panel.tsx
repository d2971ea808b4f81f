import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import type { CampaignStatus, WaveStatus } from "../../../worker/features/email/schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { campaignsQuery, emailKeys, triggerWeeklySend } from "./api";

const STATUS_BADGE: Record<CampaignStatus["status"], "secondary" | "warning" | "success" | "destructive"> = {
  pending: "secondary",
  sending: "warning",
  completed: "success",
  failed: "destructive",
};

const when = (iso: string) => {
  try {
    return format(parseISO(iso), "MMM d, yyyy h:mm a");
  } catch {
    return iso;
  }
};

/**
 * The dashboard's manual weekly-email trigger (sends the current action to every active subscriber,
 * once — a second trigger answers 409) and the status of recent weekly campaigns.
 */
export function WeeklyEmailPanel() {
  const queryClient = useQueryClient();
  const campaigns = useQuery(campaignsQuery("weekly"));
  const trigger = useMutation({
    mutationFn: () => triggerWeeklySend(),
    onSuccess: (result) => {
      toast({ title: "Weekly email triggered", description: result.message });
      void queryClient.invalidateQueries({ queryKey: emailKeys.campaigns("weekly") });
    },
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
        <div>
          <Button
            onClick={() => {
              if (window.confirm("Send this week's action email to every active subscriber now?")) trigger.mutate();
            }}
            disabled={trigger.isPending}
          >
            {trigger.isPending ? "Sending..." : "Send Weekly Email Now"}
          </Button>
        </div>
        <CampaignTable query={campaigns} />
        <WaveTables campaigns={campaigns.data ?? []} />
      </CardContent>
    </Card>
  );
}

function CampaignTable({ query }: { query: UseQueryResult<CampaignStatus[]> }) {
  if (query.isPending) return <Spinner label="Loading campaigns…" />;
  if (query.isError) return <p className="text-clay-700">Failed to load campaign status.</p>;
  if (query.data.length === 0) return <p className="text-muted-foreground">No weekly emails sent yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recent weekly email campaigns</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Action
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Started
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              Recipients
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              Sent
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              Failed
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Pending
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((c) => (
            <tr key={c.id} className="border-t border-border">
              <td className="py-2 pr-4">{c.action_title ?? "Deleted action"}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{when(c.created_at)}</td>
              <td className="py-2 pr-4">
                <Badge variant={STATUS_BADGE[c.status]}>{c.status}</Badge>
                {c.error ? <span className="ml-2 text-clay-700">{c.error}</span> : null}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{c.recipients}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{c.sent}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{c.failed}</td>
              <td className="py-2 text-right tabular-nums">{c.pending}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Where a zone's 09:00 falls for the admin reading the page, with the zone's own name. */
const dueLabel = (w: WaveStatus) => `${when(w.due_at)} (9:00 AM ${w.time_zone.replaceAll("_", " ")})`;

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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Send waves by time zone</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Time zone
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Due at
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Recipients
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Sent
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    Failed
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Pending
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.waves.map((w) => (
                  <tr key={w.time_zone} className="border-t border-border">
                    <td className="py-2 pr-4">{w.time_zone}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{dueLabel(w)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{w.recipients}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{w.sent}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{w.failed}</td>
                    <td className="py-2 text-right tabular-nums">{w.pending}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
