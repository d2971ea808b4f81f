import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Island } from "../../islands/island";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { useSiteTimeZone } from "../../lib/site";
import { cancelReminder, confirmReminder, type ReminderAnswer, reminderQuery } from "./api";
import { type EventText, formatEventWhen } from "./format";
import { EventContent } from "./source-language";

/** The page's heading for each state of the reminder. */
function heading({ t }: EventText, status: ReminderAnswer["reminder"]["status"]): string {
  const headings: Record<ReminderAnswer["reminder"]["status"], string> = {
    pending: t("events.reminder.pending"),
    active: t("events.reminder.active"),
    cancelled: t("events.reminder.cancelled"),
    event_cancelled: t("events.reminder.eventCancelled"),
  };
  return headings[status];
}

/**
 * /reminder?token= — the link of every reminder email (decision 253): confirm a reminder asked for, or cancel one
 * ("can't go?"). Opening it changes nothing (mail scanners open links); one button press does.
 */
export function ReminderPage() {
  const text = useT();
  const { t } = text;
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
              <h1 className="text-3xl font-semibold text-forest-900">{t("events.reminder.linkTitle")}</h1>
              <p role="alert">
                {token
                  ? errorText(query.error, t("events.remind.msg.invalidLink"))
                  : t("events.remind.msg.invalidLink")}
              </p>
            </>
          ) : !data ? (
            <Spinner label={t("events.reminder.loading")} />
          ) : (
            <>
              <h1 className="text-3xl font-semibold text-forest-900">{heading(text, data.reminder.status)}</h1>
              <p className="text-lg font-semibold">
                {data.reminder.event.path ? (
                  <Link to={data.reminder.event.path} className="underline underline-offset-4">
                    <EventContent>{data.reminder.event.title}</EventContent>
                  </Link>
                ) : (
                  <EventContent>{data.reminder.event.title}</EventContent>
                )}
              </p>
              <p className="text-muted-foreground">{formatEventWhen(text, data.reminder.event, zone, null)}</p>
              <p role="status">{data.message}</p>
              {change.isError ? <p role="alert">{errorText(change.error, t("events.error.tryAgain"))}</p> : null}
              {data.reminder.status === "pending" ? (
                <Button onClick={() => change.mutate("confirm")} disabled={change.isPending}>
                  {t("events.reminder.set")}
                </Button>
              ) : null}
              {data.reminder.status === "active" ? (
                <Button variant="outline" onClick={() => change.mutate("cancel")} disabled={change.isPending}>
                  {t("events.reminder.cancel")}
                </Button>
              ) : null}
              {data.reminder.status === "cancelled" && data.reminder.event.path ? (
                <Button variant="outline" onClick={() => change.mutate("confirm")} disabled={change.isPending}>
                  {t("events.reminder.again")}
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
