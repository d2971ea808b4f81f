import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { endOtherSessions, endSession, type MySession, mySessionsQuery } from "./sessions-api";

const METHODS: Record<string, string> = { password: "password", magic_link: "sign-in link", passkey: "passkey" };

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Where the member is signed in, with a way to end any other session or all of them (decision 191). */
export function SessionsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const sessions = useQuery(mySessionsQuery());
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      toast({ title: done });
      await queryClient.invalidateQueries({ queryKey: mySessionsQuery().queryKey });
    } catch (err) {
      toast({ title: "Failed to end the session", description: errorText(err, undefined), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 grid gap-3 border-t border-border pt-8">
      <h3 id={`${id}-title`} className="font-semibold text-forest-900">
        Where you're signed in
      </h3>
      {sessions.isPending ? (
        <Spinner label="Loading your sessions…" />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(sessions.error, undefined)}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Your sessions">
          {list.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              busy={busy === s.id}
              onEnd={() => run(s.id, () => endSession(s.id), "Session ended")}
            />
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <div>
          <Button
            variant="outline"
            disabled={busy !== null}
            aria-busy={busy === "others"}
            onClick={() => run("others", endOtherSessions, "Signed out everywhere else")}
          >
            {busy === "others" ? "Signing out…" : "Sign out everywhere else"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: MySession; busy: boolean; onEnd: () => void }) {
  const browser = session.browser ?? "Unknown browser";
  const method = session.method ? (METHODS[session.method] ?? session.method) : null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3 text-sm">
      <div className="grid gap-0.5">
        <span className="font-medium text-foreground">
          {browser}
          {session.current ? <span className="ml-2 text-forest-700">(this device)</span> : null}
        </span>
        <span className="text-muted-foreground">
          Signed in {when(session.created_at)}
          {method ? ` with a ${method}` : ""} · last active {when(session.last_used_at)}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-busy={busy}
          aria-label={`End the ${browser} session signed in ${when(session.created_at)}`}
          onClick={onEnd}
        >
          {busy ? "Ending…" : "End"}
        </Button>
      )}
    </li>
  );
}
