import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/i18n";
import { usePageTitle } from "../../lib/use-page-title";

/** The detail page's not-found and error states (spec §8: 'Action not found'). */
export function ActionNotFound({ title: given, message }: { title?: string; message?: string }) {
  const { t } = useT();
  // The catalogue's English is the page's declared not-found title (web/pages/action.page.ts).
  const title = given ?? t("page.action.notFoundTitle");
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-semibold text-forest-900">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{message ?? t("actions.notFound.message")}</p>
      <Button asChild className="mt-8">
        <Link to="/actions">{t("actions.detail.back")}</Link>
      </Button>
    </div>
  );
}
