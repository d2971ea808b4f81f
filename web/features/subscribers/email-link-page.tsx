import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Card, CardContent } from "../../components/ui/card";
import { useT } from "../../lib/i18n";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";

/** A link to the signup form on the Weekly Actions page, inside a problem's explanation. */
export function SignupLink({ children }: { children: ReactNode }) {
  return (
    <Link to={routePath("actions")} className="font-semibold text-forest-700 underline underline-offset-4">
      {children}
    </Link>
  );
}

/** Why the page cannot help (a missing, invalid or expired link) and where to go instead. */
export function LinkProblem({ message, children }: { message: string; children: ReactNode }) {
  return (
    <Card role="alert" className="border-clay-500/40 bg-clay-50">
      <CardContent className="grid gap-3">
        <h2 className="text-xl font-semibold text-clay-700">{message}</h2>
        <p className="text-muted-foreground">{children}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The frame of a page opened from a link in one of our emails (`?token=`): its header, then its
 * content for the token, or `missing` when the link has none.
 */
export function EmailLinkPage({
  title,
  lead,
  missing,
  children,
}: {
  title: string;
  lead: string;
  missing: ReactNode;
  children: (token: string) => ReactNode;
}) {
  usePageTitle(title);
  const { t } = useT();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <PageHeader title={title} eyebrow={t("subscribe.eyebrow")} lead={lead} />
      <div className="mt-10">{token ? children(token) : missing}</div>
    </div>
  );
}
