import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { REMINDER_MESSAGES } from "#contract/event-reminders/schemas";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Island } from "../../islands/island";
import { errorText } from "../../lib/error-text";
import { useSiteTimeZone } from "../../lib/site";
import { cancelReminder, confirmReminder, type ReminderAnswer, reminderQuery } from "./api";
import { formatEventWhen } from "./format";

const HEADINGS: Record<ReminderAnswer["reminder"]["status"], string> = {
  pending: "Set your reminder",
  active: "Your reminder is set",
  cancelled: "Reminder cancelled",
  event_cancelled: "This event was cancelled",
};

/**
 * /reminder?token= — the link of every reminder email (decision 253): confirm a reminder asked for, or cancel one
 * ("can't go?"). Opening it changes nothing (mail scanners open links); one button press does.
 */
export function ReminderPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const zone = useSiteTimeZone();
  const queryClient = useQueryClient();
  const query = useQuery({ ...reminderQuery(token), enabled: token !== "" });
  const change = useMutation({
    mutationFn: (to: "confirm" | "cancel") => (to === "confirm" ? confirmReminder(token) : cancelReminder(token)),
    onSuccess: (data) => queryClient.setQueryData(reminderQuery(token).queryKey, data),
  });
  const data = query.data;
  return (
    <div className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <Card>
        <CardContent className="grid gap-4 p-6">
          {!token || query.isError ? (
            <>
              <h1 className="text-3xl font-semibold text-forest-900">Reminder link</h1>
              <p role="alert">
                {token ? errorText(query.error, REMINDER_MESSAGES.invalidLink) : REMINDER_MESSAGES.invalidLink}
              </p>
            </>
          ) : !data ? (
            <Spinner label="Loading your reminder…" />
          ) : (
            <>
              <h1 className="text-3xl font-semibold text-forest-900">{HEADINGS[data.reminder.status]}</h1>
              <p className="text-lg font-semibold">
                {data.reminder.event.path ? (
                  <Link to={data.reminder.event.path} className="underline underline-offset-4">
                    {data.reminder.event.title}
                  </Link>
                ) : (
                  data.reminder.event.title
                )}
              </p>
              <p className="text-muted-foreground">{formatEventWhen(data.reminder.event, zone, null)}</p>
              <p role="status">{data.message}</p>
              {change.isError ? (
                <p role="alert">{errorText(change.error, "Something went wrong. Please try again.")}</p>
              ) : null}
              {data.reminder.status === "pending" ? (
                <Button onClick={() => change.mutate("confirm")} disabled={change.isPending}>
                  Set my reminder
                </Button>
              ) : null}
              {data.reminder.status === "active" ? (
                <Button variant="outline" onClick={() => change.mutate("cancel")} disabled={change.isPending}>
                  Can't go? Cancel the reminder
                </Button>
              ) : null}
              {data.reminder.status === "cancelled" && data.reminder.event.path ? (
                <Button variant="outline" onClick={() => change.mutate("confirm")} disabled={change.isPending}>
                  Remind me after all
                </Button>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The page as the Worker renders it: one island, hydrated once it is seen (decision 212). */
export function ReminderRoute() {
  return <Island name="eventReminder" component={ReminderPage} props={{}} hydrate="visible" />;
}
