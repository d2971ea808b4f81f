import { useQuery } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { publishGaps } from "#contract/actions/publish-gaps";
import type { ActionValues } from "#contract/actions/schemas";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { type SendPlan, sendPlanQuery } from "./admin-api";

const longDay = (day: string) => format(parseISO(day), "EEEE, MMM d, yyyy");
const people = (n: number) => `${n.toLocaleString("en-US")} active subscriber${n === 1 ? "" : "s"}`;

/** When this action's weekly email would go, and to how many, in words (decision 231). */
export function sendSentence(values: ActionValues, plan: SendPlan, alreadySent: boolean): string {
  if (alreadySent) return "Its weekly email has already been sent; publishing sends nothing more.";
  if (values.send_on_publish)
    return `The weekly email goes out as soon as you publish, to ${people(plan.active_subscribers)}.`;
  if (!values.schedule_send) return "No weekly email will go out for it: the automatic send is off.";
  if (!plan.send_day || !plan.last_day) return "It has no dates, so no weekly email is scheduled.";
  if (plan.today > plan.last_day) return `Its week ended on ${longDay(plan.last_day)}: no weekly email will go out.`;
  if (plan.today > plan.send_day)
    return `Its send day (${longDay(plan.send_day)}) has passed: the weekly email goes out within minutes, to ${people(plan.active_subscribers)}.`;
  return `The weekly email goes out on ${longDay(plan.send_day)} at 9:00 AM in each subscriber's time zone, to ${people(plan.active_subscribers)}.`;
}

/**
 * Publish asks first (decision 231): what a subscriber would miss in this action, when its weekly email goes and
 * to how many active subscribers. The values are the form's, already valid.
 */
export function PublishDialog({
  values,
  alreadySent,
  busy,
  onConfirm,
  onCancel,
}: {
  values: ActionValues | null;
  alreadySent: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const plan = useQuery({
    ...sendPlanQuery(values?.start_date ?? null, values?.end_date ?? null),
    enabled: values !== null,
  });
  const gaps = values ? publishGaps(values) : [];
  return (
    <Dialog open={values !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent hideClose>
        <DialogHeader>
          <DialogTitle>Publish “{values?.title}”?</DialogTitle>
          <DialogDescription>
            {gaps.length > 0
              ? "Subscribers would miss some of what a weekly action usually has:"
              : "It has a summary of the right length, steps, an image and Why It Matters."}
          </DialogDescription>
        </DialogHeader>
        {gaps.length > 0 ? (
          <ul aria-label="Missing from this action" className="grid list-disc gap-1 pl-6 text-sm text-ink">
            {gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        ) : null}
        {values && plan.data ? (
          <p className="text-sm font-medium text-forest-900">{sendSentence(values, plan.data, alreadySent)}</p>
        ) : plan.isError ? (
          <p className="text-sm text-clay-700">The send date and subscriber count could not be read.</p>
        ) : (
          <Spinner label="Reading the send date…" />
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={onCancel}>
            Keep Editing
          </Button>
          <Button onClick={onConfirm} disabled={busy || plan.isPending} aria-busy={busy}>
            {gaps.length > 0 ? "Publish Anyway" : "Publish"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
