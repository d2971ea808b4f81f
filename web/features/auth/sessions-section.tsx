import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { endOtherSessions, endSession, type MySession, mySessionsQuery } from "./sessions-api";

/** A moment in the page's language ("Jan 2, 2030, 3:04 AM", "2 ene 2030, 3:04 a. m."). */
const when = (iso: string, tag: string) =>
  new Date(iso).toLocaleString(tag, { dateStyle: "medium", timeStyle: "short" });

/** Where the member is signed in, with a way to end any other session or all of them (decision 191). */
export function SessionsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const sessions = useQuery(mySessionsQuery());
  const [busy, setBusy] = useState<string | null>(null);
  const { t } = useT();

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      toast({ title: done });
      await queryClient.invalidateQueries({ queryKey: mySessionsQuery().queryKey });
    } catch (err) {
      toast({ title: t("account.sessions.endFailed"), description: errorText(err, undefined), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 grid gap-3 border-t border-border pt-8">
      <h3 id={`${id}-title`} className="font-semibold text-forest-900">
        {t("account.sessions.title")}
      </h3>
      {sessions.isPending ? (
        <Spinner label={t("account.sessions.loading")} />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(sessions.error, undefined)}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label={t("account.sessions.list")}>
          {list.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              busy={busy === s.id}
              onEnd={() => run(s.id, () => endSession(s.id), t("account.sessions.ended"))}
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
            onClick={() => run("others", endOtherSessions, t("account.sessions.endedOthers"))}
          >
            {busy === "others" ? t("account.sessions.signingOut") : t("account.sessions.endOthers")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: MySession; busy: boolean; onEnd: () => void }) {
  const { t, tag } = useT();
  const browser = session.browser ?? t("account.sessions.unknownBrowser");
  const signedIn = when(session.created_at, tag);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3 text-sm">
      <div className="grid gap-0.5">
        <span className="font-medium text-foreground">
          {browser}
          {session.current ? <span className="ml-2 text-forest-700">{t("account.sessions.thisDevice")}</span> : null}
        </span>
        <span className="text-muted-foreground">
          {t("account.sessions.signedIn", { when: signedIn })}
          {session.method ? t("account.sessions.method", { method: session.method }) : ""}
          {t("account.sessions.lastActive", { when: when(session.last_used_at, tag) })}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-busy={busy}
          aria-label={t("account.sessions.endLabel", { browser, when: signedIn })}
          onClick={onEnd}
        >
          {busy ? t("account.sessions.ending") : t("account.sessions.end")}
        </Button>
      )}
    </li>
  );
}
