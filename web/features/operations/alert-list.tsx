import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { formatTimestamp } from "../../lib/format-timestamp";
import { type Alert, acknowledgeAlert, operationsKeys } from "./api";

/** Open alerts, each with its details, how often it was seen, and "Acknowledge". */
export function AlertList({ alerts }: { alerts: Alert[] }) {
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: ({ alert }) => {
      toast({ title: "Alert acknowledged", description: alert.title });
      void queryClient.invalidateQueries({ queryKey: operationsKeys.all });
    },
    onError: (error) => toast({ title: `Could not acknowledge: ${error.message}`, variant: "destructive" }),
  });

  if (alerts.length === 0) return <p className="text-muted-foreground">No open alerts. All quiet.</p>;
  return (
    <ul className="grid gap-3">
      {alerts.map((alert) => (
        <li key={alert.id} className="rounded-lg border border-clay-200 bg-clay-50 p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-forest-900">{alert.title}</h3>
              <p className="mt-1 text-sm break-words text-forest-800">{alert.details}</p>
              <p className="mt-2 text-xs text-muted-foreground">
                First seen {formatTimestamp(alert.first_seen_at)} · last seen {formatTimestamp(alert.last_seen_at)} ·{" "}
                {alert.count === 1 ? "once" : `${alert.count} times`}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Acknowledge: ${alert.title}`}
              disabled={acknowledge.isPending && acknowledge.variables === alert.id}
              onClick={() => acknowledge.mutate(alert.id)}
            >
              Acknowledge
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
