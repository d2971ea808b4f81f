import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { NOTES_MAX } from "#contract/completions/schemas";
import { LINK_OUTCOMES, type LinkOutcome } from "#contract/did-it/messages";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { NoteFields } from "../../features/completions/note-fields";
import { DID_IT_PETITIONS_CAMPAIGN, didItQuery } from "../../features/did-it/api";
import { QuickWinsPetitions } from "../../features/petitions/quick-wins-petitions";
import { EmailLinkPage, LinkProblem } from "../../features/subscribers/email-link-page";
import { messageWith, NODE_MARK } from "../../features/subscribers/message-with";
import { Island } from "../../islands/island";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { useNoIndex } from "../../lib/use-no-index";
import { routePath } from "../../pages";

/**
 * /did-it?token= — the weekly email's "I did it" link (decision 196). Rendered by the Worker and
 * complete without JavaScript: both buttons are plain form POSTs, so opening the link (as mail
 * scanners do) records nothing.
 */
export function DidItPage() {
  useNoIndex();
  const { t } = useT();
  return (
    <EmailLinkPage title={t("didIt.emailLink")} lead={t("didIt.lead")} missing={<Missing />}>
      {(token) => <DidIt token={token} />}
    </EmailLinkPage>
  );
}

/** No token: a broken link, or a form refused before it was read (the client's window was full, decision 216). */
function Missing() {
  const { t } = useT();
  const [params] = useSearchParams();
  if (params.get("error") !== "wait") return <Problem />;
  return <LinkProblem message={t("didIt.wait")}>{t("didIt.waitHelp", { link: t("didIt.emailLink") })}</LinkProblem>;
}

/** The words of a "See your progress" outcome (`?link=`, LINK_OUTCOMES' English). */
function useLinkOutcomeText() {
  const { t } = useT();
  return (outcome: LinkOutcome): string =>
    ({
      sent: t("didIt.linkSent"),
      wait: t("didIt.linkWait"),
      hourly: t("didIt.linkHourly"),
      unavailable: t("didIt.linkUnavailable"),
    })[outcome];
}

function Problem() {
  const { t } = useT();
  return (
    <LinkProblem message={t("didIt.invalid")}>
      <Link to={routePath("actions")} className="font-semibold text-forest-700 underline underline-offset-4">
        {t("didIt.seeAction")}
      </Link>
    </LinkProblem>
  );
}

function DidIt({ token }: { token: string }) {
  const { t, path, locale } = useT();
  const outcomeText = useLinkOutcomeText();
  const query = useQuery(didItQuery(token));
  const [params] = useSearchParams();
  if (query.isPending) return <Spinner label={t("didIt.checking")} />;
  const view = query.data;
  if (!view) return <Problem />;
  const actionLink = (
    <Link
      to={routePath("action", { slug: view.action.slug })}
      lang={contentLang(view.action.language, locale)}
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
          <h2 className="text-xl font-semibold text-forest-900">{t("didIt.recorded")}</h2>
          <p className="text-muted-foreground">{messageWith(t("didIt.thisWeek", { action: NODE_MARK }), actionLink)}</p>
          {/* Posted to the page's own language's path, so the answer is a page in it (worker/app.ts). */}
          <form method="post" action={path("/did-it/progress-link")} className="grid gap-3 justify-items-start">
            <input type="hidden" name="token" value={token} />
            <p className="text-muted-foreground">{t("didIt.progressHelp")}</p>
            <Button type="submit">{t("didIt.progress")}</Button>
            {outcome && outcome in LINK_OUTCOMES ? (
              <p role={outcome === "sent" ? "status" : "alert"} className="font-medium text-forest-800">
                {outcomeText(outcome as LinkOutcome)}
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
  const { t, path } = useT();
  return (
    <Card>
      <CardContent>
        <form method="post" action={path("/did-it")} className="grid gap-5">
          <input type="hidden" name="token" value={token} />
          <h2 className="text-xl font-semibold text-forest-900">{title}</h2>
          <NoteFields
            error={notesError ? t("didIt.notes", { max: String(NOTES_MAX) }) : undefined}
            notes={{ name: "notes" }}
            share={{ name: "share_note", value: "on" }}
          />
          <Button type="submit" className="justify-self-start">
            {t("didIt.button")}
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
