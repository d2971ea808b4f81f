import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { type FormEvent, useId, useState } from "react";
import { INBOX_FILTERS, type InboxFilter, type MessageStatus } from "#contract/contact/inbox-schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { usePageTitle } from "../../lib/use-page-title";
import { type InboxMessage, inboxKeys, inboxQuery, setMessageStatus } from "./inbox-api";

const FILTER_LABELS: Record<InboxFilter, string> = {
  inbox: "Inbox",
  unread: "Unread",
  read: "Read",
  archived: "Archived",
};

/** /admin/messages — what people wrote through the contact form: read, reply by email, archive. */
export function AdminMessagesPage() {
  usePageTitle("Messages");
  const searchId = useId();
  const [status, setStatus] = useState<InboxFilter>("inbox");
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const query = useQuery(inboxQuery({ status, q, cursor }));
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: ({ id, next }: { id: string; next: MessageStatus }) => setMessageStatus(id, next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
    onError: (err) =>
      toast({
        title: "Failed to update message",
        description: errorText(err, undefined),
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(search.trim());
    setCursors([null]);
  };
  const counts = query.data?.counts;

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
      <h1 className="mt-2 text-4xl font-semibold text-forest-900">Messages</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        What people wrote through the contact form. Reply opens your email app.
      </p>

      <div className="mt-8 flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {INBOX_FILTERS.map((f) => (
            <Button
              key={f}
              size="sm"
              variant={status === f ? "primary" : "outline"}
              aria-pressed={status === f}
              onClick={() => {
                setStatus(f);
                setCursors([null]);
              }}
            >
              {FILTER_LABELS[f]}
              {f !== "inbox" && counts ? ` (${counts[f]})` : ""}
            </Button>
          ))}
        </fieldset>
        <form aria-label="Search messages" onSubmit={submit} className="flex items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={searchId}>Search messages</Label>
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={200}
            />
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
      </div>

      <div className="mt-8">
        {query.isPending ? (
          <Spinner label="Loading messages…" />
        ) : query.isError ? (
          <p role="alert" className="text-clay-700">
            Failed to load messages: {query.error.message}
          </p>
        ) : query.data.messages.length === 0 ? (
          <p className="text-muted-foreground">No messages here.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Messages">
            {query.data.messages.map((m) => (
              <MessageCard
                key={m.id}
                message={m}
                busy={mutation.isPending}
                onStatus={(next) => mutation.mutate({ id: m.id, next })}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="mt-6 flex gap-3">
        <Button variant="outline" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          variant="outline"
          disabled={!query.data?.next_cursor}
          onClick={() => setCursors((c) => [...c, query.data?.next_cursor ?? null])}
        >
          Older
        </Button>
      </div>
    </div>
  );
}

function MessageCard({
  message: m,
  busy,
  onStatus,
}: {
  message: InboxMessage;
  busy: boolean;
  onStatus: (next: MessageStatus) => void;
}) {
  const titleId = useId();
  const mailto = `mailto:${encodeURIComponent(m.email).replace("%40", "@")}?subject=${encodeURIComponent("Re: your message to Earthkind")}`;
  return (
    <li aria-labelledby={titleId} className="rounded-[var(--radius-card)] border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-forest-900">
          {m.name}
        </h2>
        <Badge variant={m.status === "unread" ? "warning" : m.status === "archived" ? "outline" : "secondary"}>
          {m.status === "unread" ? "Unread" : m.status === "read" ? "Read" : "Archived"}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {m.email} · <time dateTime={m.created_at}>{format(parseISO(m.created_at), "MMM d, yyyy h:mm a")}</time>
      </p>
      <p className="mt-3 whitespace-pre-line">{m.message ?? <em className="text-muted-foreground">No message.</em>}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a href={mailto} onClick={() => m.status === "unread" && onStatus("read")}>
            Reply to {m.name}
          </a>
        </Button>
        {m.status === "unread" ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus("read")}>
            Mark as read
          </Button>
        ) : m.status === "read" ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus("unread")}>
            Mark as unread
          </Button>
        ) : null}
        {m.status === "archived" ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus("read")}>
            Move to inbox
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus("archived")}>
            Archive
          </Button>
        )}
      </div>
    </li>
  );
}
