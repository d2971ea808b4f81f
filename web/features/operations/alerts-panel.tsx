import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { routePath } from "../../pages";
import { AlertList } from "./alert-list";
import { openAlertsQuery } from "./api";

/** The dashboard's alerts: what went wrong that an admin has not acknowledged yet. */
export function AlertsPanel() {
  const alerts = useQuery(openAlertsQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Alerts</CardTitle>
        <CardDescription>
          Failed or stalled sends, dead letters, failing event sources, security findings and error spikes. Each is also
          emailed once a day.{" "}
          <Link to={routePath("adminStatus")} className="font-semibold text-forest-700 underline underline-offset-2">
            System status
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isPending ? (
          <Spinner label="Loading alerts…" />
        ) : alerts.isError ? (
          <p className="text-clay-700">Failed to load alerts.</p>
        ) : (
          <AlertList alerts={alerts.data} />
        )}
      </CardContent>
    </Card>
  );
}
