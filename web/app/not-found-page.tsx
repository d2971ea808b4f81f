import { Link } from "react-router-dom";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../lib/use-page-title";
import { PAGES, routePath } from "../pages";

/** Rendered for any path outside the route table; the Worker answers those with status 404. */
export function NotFoundPage() {
  usePageTitle(PAGES.notFound.title);
  return (
    <section className="mx-auto flex min-h-[65vh] max-w-2xl flex-col items-center justify-center px-4 py-20 text-center sm:px-6">
      <p className="font-display text-7xl font-semibold text-forest-400 sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl font-semibold text-forest-900 sm:text-5xl">Oops! Page not found</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-muted-foreground">
        This trail doesn’t lead anywhere. The page may have moved, or the link may be mistyped.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={routePath("home")}>Return to Home</Link>
      </Button>
    </section>
  );
}
