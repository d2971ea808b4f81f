import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { Badge, type BadgeVariant } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { moderateSharedNote, sharedNotesQuery } from "./api";

/** The anchor the dashboard's queue count links to. */
export const SHARED_NOTES_ANCHOR = "shared-notes";

type Status = "pending" | "approved" | "hidden";
type Decision = Exclude<Status, "pending">;

const BADGES: Record<Status, { label: string; variant: BadgeVariant }> = {
  pending: { label: "Pending", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  hidden: { label: "Hidden", variant: "destructive" },
};

const TOASTS: Record<Decision, string> = { approved: "Note approved", hidden: "Note hidden" };

const day = (iso: string) => format(parseISO(iso), "MMM d, yyyy");

/**
 * Admin dashboard: the notes members shared, pending ones first, without names. A shared note is
 * quoted publicly (the weekly email's "Last week") only once approved here (decision 183). Notes are
 * shown as plain text: React renders them as text, nothing turns a URL into a link.
 */
export function SharedNotesPanel() {
  const queryClient = useQueryClient();
  const list = useQuery(sharedNotesQuery());
  const decide = useMutation({
    mutationFn: ({ noteId, status }: { noteId: string; status: Decision }) => moderateSharedNote(noteId, status),
    onSuccess: async (note) => {
      toast({ title: note.status === "hidden" ? TOASTS.hidden : TOASTS.approved });
      await queryClient.invalidateQueries({ queryKey: sharedNotesQuery().queryKey });
    },
    onError: (err) =>
      toast({
        title: "Error",
        description: errorText(err),
        variant: "destructive",
      }),
  });

  return (
    <Card className="p-6 sm:p-8">
      <section id={SHARED_NOTES_ANCHOR} aria-labelledby={`${SHARED_NOTES_ANCHOR}-title`} className="scroll-mt-24">
        <h2 id={`${SHARED_NOTES_ANCHOR}-title`} className="text-2xl font-semibold text-forest-900">
          Shared Notes
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Notes members chose to share anonymously. A note is quoted in the weekly email's "Last week" section (up to
          two per week) only after you approve it; new and edited notes wait here as pending.
        </p>
        {list.isPending ? (
          <Spinner className="mt-6" label="Loading shared notes…" />
        ) : list.isError ? (
          <p role="alert" className="mt-6 text-clay-700">
            Failed to load shared notes: {list.error.message}
          </p>
        ) : list.data.notes.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No shared notes yet.</p>
        ) : (
          <ul className="mt-6 grid gap-3">
            {list.data.notes.map((note) => (
              <li
                key={note.id}
                data-testid="shared-note"
                className="flex flex-col gap-3 rounded-2xl border border-border p-4 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-muted-foreground">
                    {note.action_title ?? "Unknown Action"} ·{" "}
                    <time dateTime={note.completed_at}>{day(note.completed_at)}</time>
                    <Badge variant={BADGES[note.status].variant} className="ml-2">
                      {BADGES[note.status].label}
                    </Badge>
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words">{note.notes}</p>
                  {note.moderated_at ? (
                    <p className="mt-1 text-xs text-muted-foreground">
                      {note.status === "hidden" ? "Hidden" : "Approved"} by {note.moderated_by ?? "a former admin"} on{" "}
                      <time dateTime={note.moderated_at}>{day(note.moderated_at)}</time>
                    </p>
                  ) : null}
                </div>
                <div className="flex gap-2">
                  {note.status !== "approved" ? (
                    <Button
                      size="sm"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ noteId: note.id, status: "approved" })}
                    >
                      Approve
                      <span className="sr-only"> this note</span>
                    </Button>
                  ) : null}
                  {note.status !== "hidden" ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ noteId: note.id, status: "hidden" })}
                    >
                      Hide
                      <span className="sr-only"> this note</span>
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** The dashboard's queue count: how many shared notes wait for a decision, linking to the list. */
export function SharedNotesQueueLink() {
  const list = useQuery(sharedNotesQuery());
  const pending = list.data?.pending_count;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-6" data-testid="shared-notes-queue">
      <h2 className="text-xl font-semibold text-forest-900">Notes to review</h2>
      {pending === undefined ? (
        list.isError ? (
          <p className="text-clay-700">Failed to load the notes queue.</p>
        ) : (
          <Spinner label="Loading the notes queue…" />
        )
      ) : (
        <a href={`#${SHARED_NOTES_ANCHOR}`} className="font-semibold text-forest-700 underline underline-offset-2">
          {pending === 0
            ? "No shared notes waiting for review"
            : `${pending} shared ${pending === 1 ? "note" : "notes"} waiting for review`}
        </a>
      )}
    </Card>
  );
}
