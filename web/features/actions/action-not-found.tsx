import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { usePageTitle } from "../../lib/use-page-title";
import { PAGES } from "../../pages";

/** The detail page's not-found and error states (spec §8: 'Action not found'). */
export function ActionNotFound({ title = PAGES.action.notFoundTitle, message }: { title?: string; message?: string }) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-semibold text-forest-900">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        {message ?? "This action may have moved, or it isn't published yet."}
      </p>
      <Button asChild className="mt-8">
        <Link to="/actions">Back to Weekly Actions</Link>
      </Button>
    </div>
  );
}
