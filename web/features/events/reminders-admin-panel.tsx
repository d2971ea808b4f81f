import { useQuery } from "@tanstack/react-query";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/error-text";
import { useSiteTimeZone } from "../../lib/site";
import { reminderCountsQuery } from "./api";

/** Event reminders per event (decision 253): who asked, who confirmed, who cancelled, how many went. */
export function RemindersAdminPanel() {
  const zone = useSiteTimeZone();
  const query = useQuery(reminderCountsQuery());
  const date = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: zone });
  return (
    <Card className="p-6 sm:p-8">
      <section aria-labelledby="reminders-admin-heading">
        <h2 id="reminders-admin-heading" className="text-xl font-semibold text-forest-900">
          Event reminders
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Events of the last week and ahead that people asked to be reminded of.
        </p>
        {query.isPending ? (
          <Spinner label="Loading reminders…" />
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, "Failed to load reminders")}</p>
        ) : query.data.length === 0 ? (
          <p className="mt-4">No reminders yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Date</th>
                  <th scope="col">Set</th>
                  <th scope="col">Waiting to confirm</th>
                  <th scope="col">Cancelled</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((e) => (
                  <tr key={e.event_id} className="border-t">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {e.title}
                    </th>
                    <td className="pr-3">{date.format(new Date(e.start_time))}</td>
                    <td className="pr-3">{e.active}</td>
                    <td className="pr-3">{e.pending}</td>
                    <td className="pr-3">{e.cancelled}</td>
                    <td>{e.sent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
