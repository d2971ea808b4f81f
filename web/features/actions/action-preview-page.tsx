import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth/auth-provider";
import { useNoIndex } from "../../lib/use-no-index";
import { usePageTitle } from "../../lib/use-page-title";
import { ActionArticle } from "./action-article";
import { ActionCtaButton } from "./action-cta";
import { acceptedLinks } from "./action-display";
import { actionPreviewQuery } from "./api";

function PreviewNotFound() {
  usePageTitle("Action Not Found");
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-semibold text-forest-900">Action Not Found</h1>
      <p className="mt-4 text-lg text-muted-foreground">The action you're trying to preview doesn't exist.</p>
    </div>
  );
}

function Loading() {
  return (
    <div className="flex justify-center px-4 py-32">
      <Spinner label="Loading preview…" />
    </div>
  );
}

/**
 * /actions/preview/:id — an unpublished action as visitors will see it. Admins only: anyone else
 * gets the not-found view, so the page does not reveal that a draft exists (decision record 024).
 */
export function ActionPreviewPage() {
  useNoIndex();
  const { id = "" } = useParams();
  const { loading, isAdmin } = useAuth();
  const navigate = useNavigate();
  const query = useQuery({ ...actionPreviewQuery(id), enabled: !loading && isAdmin });
  usePageTitle(query.data ? `Preview: ${query.data.title}` : "Action Preview");

  if (loading || (isAdmin && query.isPending)) return <Loading />;
  if (!isAdmin || query.isError || !query.data) return <PreviewNotFound />;

  const action = query.data;
  const closePreview = () => {
    window.close();
    // Tabs not opened by the admin list cannot be closed by script: go back to the list instead.
    setTimeout(() => navigate("/admin/actions"), 150);
  };

  return (
    <>
      <section aria-label="Preview mode" className="border-b border-sun-400 bg-sun-300 text-ink">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
          {action.status === "published" ? (
            // A published action is live: saying "Not Published" here would be false (decision 130).
            <p className="font-semibold">
              Preview Mode - This action is published.{" "}
              <Link to={`/actions/${action.slug}`} className="font-normal underline underline-offset-2">
                View the public page
              </Link>
            </p>
          ) : (
            <p className="font-semibold">Preview Mode - Not Published</p>
          )}
          <Button size="sm" variant="primary" onClick={closePreview}>
            Close Preview
          </Button>
        </div>
      </section>
      <div className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <ActionArticle
          action={action}
          links={acceptedLinks(action.links)}
          cta={
            <div className="flex flex-wrap items-center gap-3">
              <ActionCtaButton action={action} disabled />
              <p className="text-sm text-muted-foreground">The call-to-action button is disabled in preview mode.</p>
            </div>
          }
        />
      </div>
    </>
  );
}
