import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth/auth-provider";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { useSiteTimeZone } from "../../lib/site";
import { cancelMyReminder, type MemberReminder, myRemindersQuery } from "./api";
import { formatEventWhen } from "./format";
import { EventContent } from "./source-language";

/**
 * My Progress' "Event reminders" (issue 47): the reminders the member asked for, soonest first, each cancellable
 * here as from the email's link. Events the member has not asked about are a link away.
 */
export function MyReminders() {
  const { t } = useT();
  const { user } = useAuth();
  const query = useQuery({ ...myRemindersQuery(user?.id ?? ""), enabled: Boolean(user) });
  return (
    <section aria-labelledby="my-reminders-heading" className="mt-14">
      <h2 id="my-reminders-heading" className="text-2xl font-semibold text-forest-900">
        {t("events.myReminders.title")}
      </h2>
      {query.isPending ? (
        <Spinner label={t("events.myReminders.loading")} />
      ) : query.isError ? (
        <p role="alert" className="mt-4">
          {errorText(query.error, t("events.error.tryAgain"))}
        </p>
      ) : query.data.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          {t("events.myReminders.none")}{" "}
          <Link to="/events" className="font-semibold text-forest-700 underline underline-offset-4">
            {t("events.myReminders.find")}
          </Link>
        </p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {query.data.map((r) => (
            <ReminderItem key={r.id} reminder={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReminderItem({ reminder }: { reminder: MemberReminder }) {
  const text = useT();
  const { t } = text;
  const zone = useSiteTimeZone();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelMyReminder(reminder.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["events", "my-reminders"] }),
  });
  const titleId = `reminder-${reminder.id}`;
  const title = <EventContent>{reminder.event.title}</EventContent>;
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <h3 id={titleId} className="text-lg font-semibold text-forest-900">
              {reminder.event.path ? (
                <Link to={reminder.event.path} className="hover:underline">
                  {title}
                </Link>
              ) : (
                title
              )}
            </h3>
            <p className="text-sm text-muted-foreground">{formatEventWhen(text, reminder.event, zone)}</p>
            <p className="text-sm">
              {reminder.status === "active" ? t("events.myReminders.set") : t("events.myReminders.pending")}
            </p>
            {cancel.isError ? <p role="alert">{errorText(cancel.error, t("events.error.tryAgain"))}</p> : null}
          </div>
          <Button
            variant="outline"
            aria-describedby={titleId}
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
          >
            {t("events.myReminders.cancel")}
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}
