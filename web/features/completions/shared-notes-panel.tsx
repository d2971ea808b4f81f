import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { useId } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { setSharedNoteHidden, sharedNotesQuery } from "./api";

/**
 * Admin dashboard: notes members shared for the weekly email's "Last week" section, newest first,
 * without names. Hiding one keeps it out of every email from then on.
 */
export function SharedNotesPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery(sharedNotesQuery());
  const toggle = useMutation({
    mutationFn: ({ noteId, hidden }: { noteId: string; hidden: boolean }) => setSharedNoteHidden(noteId, hidden),
    onSuccess: async (note) => {
      toast({ title: note.hidden ? "Note hidden" : "Note shown again" });
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
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-2xl font-semibold text-forest-900">
          Shared Notes
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Notes members chose to share anonymously. Up to two per week appear in the next weekly email's "Last week"
          section. Hide any that should not.
        </p>
        {list.isPending ? (
          <Spinner className="mt-6" label="Loading shared notes…" />
        ) : list.isError ? (
          <p role="alert" className="mt-6 text-clay-700">
            Failed to load shared notes: {list.error.message}
          </p>
        ) : list.data.length === 0 ? (
          <p className="mt-6 text-muted-foreground">No shared notes yet.</p>
        ) : (
          <ul className="mt-6 grid gap-3">
            {list.data.map((note) => (
              <li
                key={note.id}
                data-testid="shared-note"
                className="flex flex-col gap-3 rounded-2xl border border-border p-4 sm:flex-row sm:items-start"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-muted-foreground">
                    {note.action_title ?? "Unknown Action"} ·{" "}
                    <time dateTime={note.completed_at}>{format(parseISO(note.completed_at), "MMM d, yyyy")}</time>
                    {note.hidden ? (
                      <Badge variant="warning" className="ml-2">
                        Hidden
                      </Badge>
                    ) : null}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{note.notes}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate({ noteId: note.id, hidden: !note.hidden })}
                >
                  {note.hidden ? "Show" : "Hide"}
                  <span className="sr-only"> this note</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
