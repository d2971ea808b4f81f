import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { type FormEvent, useId, useState } from "react";
import { CATEGORY_LABELS, type CategoryFilter, REJECT_REASON_MAX } from "#contract/events/schemas";
import { FIELD_MAX } from "#contract/platform/field-rules";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/error-text";
import { type AdminSubmission, approveSubmission, eventsKeys, rejectSubmission, submissionsQuery } from "./api";

const SOMETHING_WRONG = "Something went wrong";

/** In the moderator's zone, named: a submission has no zone of its own until approval places it (decision 166). */
const when = (s: AdminSubmission) => {
  const start = new Date(s.start_time);
  const name = new Intl.DateTimeFormat("en-US", { timeZoneName: "short" }).formatToParts(start);
  const zone = `${name.find((p) => p.type === "timeZoneName")?.value ?? ""} (your time)`;
  const text = format(start, "EEE, MMM d, yyyy h:mm a");
  return s.end_time ? `${text} – ${format(new Date(s.end_time), "h:mm a")} ${zone}` : `${text} ${zone}`;
};

/**
 * Admin: pending event submissions, approved into the search or rejected with a reason.
 * Organizer emails are sensitive, so the list loads only when asked for (the server records
 * each read in the security audit log).
 */
export function SubmissionsModerationPanel() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const list = useQuery({ ...submissionsQuery("pending"), enabled: open });

  return (
    <Card className="p-6 sm:p-8">
      <section aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-2xl font-semibold text-forest-900">
              Event Submissions
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Events sent in by organizers wait here for review. Viewing them shows organizer contact details, so each
              view is recorded in the security log.
            </p>
          </div>
          {open ? (
            <Button variant="outline" onClick={() => list.refetch()} disabled={list.isFetching}>
              Refresh
            </Button>
          ) : (
            <Button onClick={() => setOpen(true)}>Show pending submissions</Button>
          )}
        </div>
        {!open ? null : list.isPending ? (
          <Spinner className="mt-6" label="Loading submissions…" />
        ) : list.isError ? (
          <p role="alert" className="mt-6 text-clay-700">
            Failed to load submissions: {errorText(list.error, SOMETHING_WRONG)}
          </p>
        ) : list.data.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No submissions are waiting for review.</p>
        ) : (
          <ul className="mt-6 grid gap-4">
            {list.data.map((s) => (
              <li key={s.id}>
                <SubmissionCard submission={s} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function SubmissionCard({ submission: s }: { submission: AdminSubmission }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [needsZip, setNeedsZip] = useState(false);
  const [zip, setZip] = useState(s.postal_code ?? "");
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: eventsKeys.submissions("pending") });
    void queryClient.invalidateQueries({ queryKey: ["events", "search"] });
  };

  const approve = useMutation({
    mutationFn: () => approveSubmission(s.id, needsZip ? zip.trim() : undefined),
    onSuccess: () => {
      toast({ title: "Event approved", description: `"${s.title}" is now listed in the events search.` });
      done();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "not_geocoded") setNeedsZip(true);
      toast({ title: "Approval failed", description: errorText(error, SOMETHING_WRONG), variant: "destructive" });
    },
  });
  const reject = useMutation({
    mutationFn: () => rejectSubmission(s.id, reason.trim()),
    onSuccess: () => {
      toast({ title: "Submission rejected", description: `"${s.title}" will not be listed.` });
      done();
    },
    onError: (error) =>
      toast({ title: "Rejection failed", description: errorText(error, SOMETHING_WRONG), variant: "destructive" }),
  });

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      toast({
        title: "Rejection failed",
        description: "Please give a reason for the rejection",
        variant: "destructive",
      });
      return;
    }
    reject.mutate();
  };

  const category = s.category in CATEGORY_LABELS ? CATEGORY_LABELS[s.category as CategoryFilter] : s.category;
  const busy = approve.isPending || reject.isPending;
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-border p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="success">{category}</Badge>
        <span className="text-xs text-muted-foreground">Sent {format(new Date(s.created_at), "MMM d, yyyy")}</span>
      </div>
      <h3 id={`${id}-title`} className="mt-2 text-lg font-semibold text-forest-900">
        {s.title}
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">When</dt>
        <dd>{when(s)}</dd>
        <dt className="font-semibold">Where</dt>
        <dd>{[s.address, `${s.city}, ${s.state}`, s.postal_code].filter(Boolean).join(" · ")}</dd>
        <dt className="font-semibold">Organizer</dt>
        <dd>
          {s.organizer_name} · <a href={`mailto:${s.organizer_email}`}>{s.organizer_email}</a>
          {s.organizer_url ? (
            <>
              {" · "}
              <a href={s.organizer_url} target="_blank" rel="noopener noreferrer">
                website
              </a>
            </>
          ) : null}
        </dd>
        <dt className="font-semibold">Registration</dt>
        <dd className="break-all">
          <a href={s.registration_url} target="_blank" rel="noopener noreferrer">
            {s.registration_url}
          </a>
        </dd>
        {s.notes_for_moderator ? (
          <>
            <dt className="font-semibold">Notes</dt>
            <dd>{s.notes_for_moderator}</dd>
          </>
        ) : null}
      </dl>
      {s.description ? <p className="mt-3 text-sm whitespace-pre-line text-muted-foreground">{s.description}</p> : null}

      {needsZip ? (
        <div className="mt-4 grid max-w-xs gap-1.5">
          <Label htmlFor={`${id}-zip`}>Corrected ZIP code</Label>
          <Input
            id={`${id}-zip`}
            value={zip}
            maxLength={FIELD_MAX.zip}
            inputMode="numeric"
            onChange={(e) => setZip(e.target.value)}
          />
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => approve.mutate()} disabled={busy}>
          {approve.isPending ? "Approving…" : "Approve"}
        </Button>
        {!rejecting ? (
          <Button size="sm" variant="outline" onClick={() => setRejecting(true)} disabled={busy}>
            Reject
          </Button>
        ) : null}
      </div>
      {rejecting ? (
        <form onSubmit={submitReject} className="mt-4 grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason for rejection</Label>
          <Textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={REJECT_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex gap-2">
            <Button size="sm" type="submit" variant="destructive" disabled={busy}>
              {reject.isPending ? "Rejecting…" : "Confirm rejection"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </article>
  );
}
