import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { DID_IT_COPY, LINK_OUTCOMES, type LinkOutcome } from "#contract/did-it/messages";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { NoteFields } from "../../features/completions/note-fields";
import { DID_IT_PETITIONS_CAMPAIGN, didItQuery } from "../../features/did-it/api";
import { QuickWinsPetitions } from "../../features/petitions/quick-wins-petitions";
import { EmailLinkPage, LinkProblem } from "../../features/subscribers/email-link-page";
import { Island } from "../../islands/island";
import { useNoIndex } from "../../lib/use-no-index";
import { routePath } from "../../pages";

/**
 * /did-it?token= — the weekly email's "I did it" link (decision 196). Rendered by the Worker and
 * complete without JavaScript: both buttons are plain form POSTs, so opening the link (as mail
 * scanners do) records nothing.
 */
export function DidItPage() {
  useNoIndex();
  return (
    <EmailLinkPage title={DID_IT_COPY.emailLink} lead="Record this week's action in one click." missing={<Missing />}>
      {(token) => <DidIt token={token} />}
    </EmailLinkPage>
  );
}

/** No token: a broken link, or a form refused before it was read (the client's window was full, decision 216). */
function Missing() {
  const [params] = useSearchParams();
  if (params.get("error") !== "wait") return <Problem />;
  return (
    <LinkProblem message={DID_IT_COPY.wait}>
      Go back to the email and open its "{DID_IT_COPY.emailLink}" link again in a minute.
    </LinkProblem>
  );
}

function Problem() {
  return (
    <LinkProblem message={DID_IT_COPY.invalid}>
      <Link to={routePath("actions")} className="font-semibold text-forest-700 underline underline-offset-4">
        See this week's action
      </Link>
    </LinkProblem>
  );
}

function DidIt({ token }: { token: string }) {
  const query = useQuery(didItQuery(token));
  const [params] = useSearchParams();
  if (query.isPending) return <Spinner label="Checking your link…" />;
  const view = query.data;
  if (!view) return <Problem />;
  const actionLink = (
    <Link
      to={routePath("action", { slug: view.action.slug })}
      className="font-semibold text-forest-700 underline underline-offset-4"
    >
      {view.action.title}
    </Link>
  );
  if (!view.recorded)
    return <RecordForm token={token} title={actionLink} notesError={params.get("error") === "notes"} />;
  const outcome = params.get("link");
  return (
    <div className="grid gap-12">
      <Card role="status">
        <CardContent className="grid gap-4">
          <h2 className="text-xl font-semibold text-forest-900">{DID_IT_COPY.recorded}</h2>
          <p className="text-muted-foreground">This week's action: {actionLink}</p>
          <form method="post" action="/did-it/progress-link" className="grid gap-3 justify-items-start">
            <input type="hidden" name="token" value={token} />
            <p className="text-muted-foreground">
              We'll email you a sign-in link to see every action you have recorded.
            </p>
            <Button type="submit">{DID_IT_COPY.progress}</Button>
            {outcome && outcome in LINK_OUTCOMES ? (
              <p role={outcome === "sent" ? "status" : "alert"} className="font-medium text-forest-800">
                {LINK_OUTCOMES[outcome as LinkOutcome]}
              </p>
            ) : null}
          </form>
        </CardContent>
      </Card>
      <QuickWinsPetitions campaign={DID_IT_PETITIONS_CAMPAIGN} limit={3} />
    </div>
  );
}

function RecordForm({ token, title, notesError }: { token: string; title: ReactNode; notesError: boolean }) {
  return (
    <Card>
      <CardContent>
        <form method="post" action="/did-it" className="grid gap-5">
          <input type="hidden" name="token" value={token} />
          <h2 className="text-xl font-semibold text-forest-900">{title}</h2>
          <NoteFields
            error={notesError ? DID_IT_COPY.notes : undefined}
            notes={{ name: "notes" }}
            share={{ name: "share_note", value: "on" }}
          />
          <Button type="submit" className="justify-self-start">
            {DID_IT_COPY.button}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** /did-it as the router renders it: the page is one island (decision 205); its form also works without one. */
export function DidItRoute() {
  return <Island name="didIt" component={DidItPage} props={{}} hydrate="visible" />;
}
