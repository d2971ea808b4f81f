import { Link } from "react-router-dom";
import { Button } from "../components/ui/button";
import { useT } from "../lib/i18n";
import { usePageTitle } from "../lib/use-page-title";
import { routePath } from "../pages";

/** Rendered for any path outside the route table; the Worker answers those with status 404. */
export function NotFoundPage() {
  const { t } = useT();
  // The catalogue's English is the page's declared title (web/pages/not-found.page.ts; tests/web/page-heads.test.ts).
  usePageTitle(t("page.notFound.title"));
  return (
    <section className="mx-auto flex min-h-[65vh] max-w-2xl flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
      <p className="font-display text-7xl font-semibold text-forest-400 sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl font-semibold text-forest-900 sm:text-5xl">{t("chrome.notFound.heading")}</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-muted-foreground">{t("chrome.notFound.body")}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={routePath("home")}>{t("chrome.returnHome")}</Link>
      </Button>
    </section>
  );
}
