import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { Spinner } from "../components/ui/spinner";
import { ActionArticle, ImpactLine } from "../features/actions/action-article";
import { ActionCtaButton } from "../features/actions/action-cta";
import { acceptedLinks, actionPath } from "../features/actions/action-display";
import { ActionNotFound } from "../features/actions/action-not-found";
import { actionBySlugQuery, useRefreshActionImpact } from "../features/actions/api";
import { ShareButtons } from "../features/actions/share-buttons";
import { ActionCompletionControl } from "../features/completions/action-completion-control";
import { QuickWinsPetitions } from "../features/petitions/quick-wins-petitions";
import { Island, useSessionHydrate } from "../islands/island";
import { useAuth } from "../lib/auth/auth-provider";
import { errorText } from "../lib/error-text";
import { useT } from "../lib/i18n";
import { useSiteOrigin } from "../lib/site";
import { usePageTitle } from "../lib/use-page-title";

const linkClass = "font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900";

/** /actions/:slug — one published weekly action. */
/** The completion control under the action: an island (decision 205); recording refreshes the impact counts. */
export function ActionPageCompletion({ actionId }: { actionId: string }) {
  const refreshImpact = useRefreshActionImpact();
  return <ActionCompletionControl actionId={actionId} size="lg" onRecorded={refreshImpact} />;
}

/** The impact line of the action at `slug`, from the page's query: it follows a completion recorded here. */
export function ActionPageImpact({ slug }: { slug: string }) {
  const { data } = useQuery(actionBySlugQuery(slug, useT().locale));
  return <ImpactLine impact={data?.impact} />;
}

/** Where a member sees their progress, or the invitation to sign in: an island, as it follows the session. */
export function TrackImpact() {
  const { user } = useAuth();
  // The link sits inside the sentence, where each language puts it (<0>…</0> in the message).
  return user ? (
    <p className="mt-2 text-muted-foreground">
      <Trans id="actions.detail.trackMember" components={{ 0: <Link to="/my-progress" className={linkClass} /> }} />
    </p>
  ) : (
    <p className="mt-2 text-muted-foreground">
      <Trans id="actions.detail.trackGuest" components={{ 0: <Link to="/auth" className={linkClass} /> }} />
    </p>
  );
}

export function ActionDetailPage() {
  const { slug = "" } = useParams();
  const origin = useSiteOrigin();
  const query = useQuery(actionBySlugQuery(slug, useT().locale));
  const sessionHydrate = useSessionHydrate();
  const { t } = useT();
  // The not-found state names itself here: this effect runs after its child's, so it has the last word.
  usePageTitle(
    query.data?.title ?? (query.data === null ? t("page.action.notFoundTitle") : t("actions.detail.pageTitle")),
  );

  if (query.isPending) {
    return (
      <div className="flex justify-center px-4 py-32">
        <Spinner label={t("actions.detail.loading")} />
      </div>
    );
  }
  if (query.data === null) return <ActionNotFound />;
  if (query.isError) {
    const err = query.error;
    return (
      <ActionNotFound title={t("actions.detail.loadFailed")} message={errorText(err, t("chrome.errors.generic"))} />
    );
  }

  const action = query.data;
  const shareUrl = new URL(actionPath(action), origin).toString();
  return (
    <div className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <ActionArticle
        action={action}
        links={acceptedLinks(action.links)}
        impact={
          <Island as="li" name="actionImpact" component={ActionPageImpact} props={{ slug }} hydrate={sessionHydrate} />
        }
        cta={
          <div className="flex flex-wrap gap-3">
            <ActionCtaButton action={action} />
            <Island
              name="actionCompletion"
              component={ActionPageCompletion}
              props={{ actionId: action.id }}
              hydrate={sessionHydrate}
            />
          </div>
        }
      >
        <section
          aria-labelledby="track-title"
          className="below-fold mt-12 rounded-[var(--radius-card)] bg-forest-50 p-6 sm:p-8"
        >
          <h2 id="track-title" className="text-xl font-semibold text-forest-900">
            {t("actions.detail.trackTitle")}
          </h2>
          <Island name="trackImpact" component={TrackImpact} props={{}} hydrate={sessionHydrate} />
        </section>

        <section aria-labelledby="share-title" className="below-fold mt-10">
          <h2 id="share-title" className="text-xl font-semibold text-forest-900">
            {t("actions.detail.shareTitle")}
          </h2>
          <div className="mt-4">
            <Island
              name="shareButtons"
              component={ShareButtons}
              props={{ url: shareUrl, title: action.title }}
              hydrate="use"
            />
          </div>
        </section>

        <QuickWinsPetitions id="action-petitions" campaign="petitions_action" limit={3} className="below-fold mt-12" />

        <p className="mt-12">
          <Link to="/actions" className={linkClass}>
            {t("actions.detail.back")}
          </Link>
        </p>
      </ActionArticle>
    </div>
  );
}
