import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DELIVERY_RETENTION_DAYS } from "#contract/retention/windows";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../../../components/ui/sheet";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/error-text";
import { formatTimestamp } from "../../../lib/format-timestamp";
import {
  deleteSubscriber,
  inviteResubscribe,
  subscriberAdminKeys,
  subscriberDetailQuery,
  unsubscribeSubscriber,
} from "./admin-api";
import { SubscriberStatusBadge } from "./status-badge";

const KIND_LABELS: Record<string, string> = {
  weekly: "Weekly action",
  test: "Test send",
  welcome_test: "Welcome test",
};
const OUTCOME_VARIANT = {
  sent: "success",
  failed: "destructive",
  skipped: "outline",
  suppressed: "outline",
  pending: "secondary",
} as const;

/** A subscriber's record and email history in a side sheet (Radix dialog: focus trap, Escape, focus return). */
export function SubscriberDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Sheet open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        className="w-[min(34rem,calc(100vw-2rem))] overflow-y-auto p-6"
        closeLabel="Close subscriber details"
      >
        {id ? <SubscriberDetail id={id} onClose={onClose} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function SubscriberDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery(subscriberDetailQuery(id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriberAdminKeys.all });
  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorText(err, undefined), variant: "destructive" });

  const unsubscribe = useMutation({
    mutationFn: () => unsubscribeSubscriber(id),
    onSuccess: () => {
      toast({ title: "Unsubscribed", description: "They will not get the weekly email any more." });
      void refresh();
    },
    onError: failed("Failed to unsubscribe"),
  });
  const invite = useMutation({
    mutationFn: () => inviteResubscribe(id),
    onSuccess: (r) => toast({ title: "Resubscribe link sent", description: r.message }),
    onError: failed("Failed to send the resubscribe email"),
  });
  const remove = useMutation({
    mutationFn: () => deleteSubscriber(id),
    onSuccess: () => {
      toast({ title: "Subscriber deleted", description: "Their data is gone; their address will not be added again." });
      onClose();
      void refresh();
    },
    onError: failed("Failed to delete subscriber"),
  });

  if (query.isPending) {
    return (
      <>
        <SheetTitle className="text-2xl font-semibold text-forest-900">Subscriber</SheetTitle>
        <SheetDescription className="sr-only">Loading the subscriber's details</SheetDescription>
        <Spinner label="Loading subscriber…" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <SheetTitle className="text-2xl font-semibold text-forest-900">Subscriber</SheetTitle>
        <SheetDescription role="alert" className="mt-2 text-clay-700">
          {query.error.message}
        </SheetDescription>
      </>
    );
  }
  const { subscriber: s, history } = query.data;
  const busy = unsubscribe.isPending || invite.isPending || remove.isPending;

  return (
    <div className="grid gap-6 pr-8">
      <div>
        <SheetTitle className="text-2xl font-semibold text-forest-900">{s.first_name}</SheetTitle>
        <SheetDescription className="mt-1 break-all text-muted-foreground">{s.email}</SheetDescription>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="font-semibold text-muted-foreground">Status</dt>
          <dd className="mt-1">
            <SubscriberStatusBadge status={s.status} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-muted-foreground">ZIP</dt>
          <dd className="mt-1">{s.zip_code ?? "—"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-muted-foreground">Subscribed</dt>
          <dd className="mt-1">{formatTimestamp(s.subscribed_at)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-muted-foreground">{s.active ? "Last weekly email" : "Unsubscribed"}</dt>
          <dd className="mt-1">{formatTimestamp(s.active ? s.last_weekly_email_at : s.unsubscribed_at)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="font-semibold text-muted-foreground">Consent</dt>
          <dd className="mt-1 break-all">{consentText(s.consent)}</dd>
        </div>
      </dl>

      <div className="flex flex-wrap gap-2">
        {s.active ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => unsubscribe.mutate()}>
            Unsubscribe
          </Button>
        ) : s.status === "unsubscribed" ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => invite.mutate()}>
            Email a resubscribe link
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Delete ${s.first_name}'s subscription data? This cannot be undone.`)) remove.mutate();
          }}
        >
          Delete
        </Button>
      </div>
      {s.status === "unsubscribed" ? (
        <p className="-mt-3 text-sm text-muted-foreground">
          Resubscribing needs their consent: they get their own link and stay unsubscribed until they use it.
        </p>
      ) : null}
      {s.status === "pending" ? (
        <p className="-mt-3 text-sm text-muted-foreground">
          Signed up but not confirmed yet: no weekly email goes out until they press the link in their welcome email.
          Unconfirmed signups are deleted after 7 days.
        </p>
      ) : null}

      <section aria-labelledby="email-history-title">
        <h3 id="email-history-title" className="text-lg font-semibold text-forest-900">
          Email history
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          The last {DELIVERY_RETENTION_DAYS} days; older lines are deleted (the sends' totals stay).
        </p>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            No emails sent to this person in the last {DELIVERY_RETENTION_DAYS} days.
          </p>
        ) : (
          <ol className="mt-3 grid gap-2 text-sm" aria-label="Emails sent, newest first">
            {history.map((h) => (
              <li key={h.id} className="rounded-lg border border-border bg-card p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-forest-900">
                    {h.action_title ?? KIND_LABELS[h.campaign_kind] ?? h.campaign_kind}
                  </span>
                  <Badge variant={OUTCOME_VARIANT[h.status]}>{h.status}</Badge>
                </div>
                <p className="text-muted-foreground">
                  {KIND_LABELS[h.campaign_kind] ?? h.campaign_kind} ·{" "}
                  <time dateTime={h.at}>{formatTimestamp(h.at)}</time>
                </p>
                {h.error ? <p className="mt-1 text-clay-700">{h.error}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** The consent evidence (decision 182): when, from which IP and browser the subscription was confirmed. */
function consentText(
  consent: { confirmed_at: string | null; ip_address: string | null; user_agent: string | null } | undefined,
): string {
  if (!consent?.confirmed_at) return "Not confirmed yet";
  const where = [consent.ip_address, consent.user_agent].filter(Boolean).join(" · ");
  return `Confirmed ${formatTimestamp(consent.confirmed_at)}${where ? ` — ${where}` : " (before confirmations were recorded)"}`;
}
