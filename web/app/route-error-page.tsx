import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { Button } from "../components/ui/button";
import { useT } from "../lib/i18n";
import { usePageTitle } from "../lib/use-page-title";
import { routePath } from "../pages";
import { NotFoundPage } from "./not-found-page";

/**
 * A page that threw while rendering, or whose code failed to load. The usual cause of the latter
 * is a deploy that replaced the hashed chunks this tab knew about, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { t } = useT();
  // Set here for both cases: this effect runs after NotFoundPage's and would otherwise overwrite it.
  usePageTitle(notFound ? t("page.notFound.title") : t("chrome.error.title"));
  if (notFound) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <section className="mx-auto flex min-h-[65vh] max-w-2xl flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-semibold text-forest-900 sm:text-5xl">{t("chrome.error.title")}</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-muted-foreground">{t("chrome.error.body")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          {t("chrome.error.reload")}
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={routePath("home")}>{t("chrome.returnHome")}</Link>
        </Button>
      </div>
    </section>
  );
}
