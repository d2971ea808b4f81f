import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { Badge } from "../../../components/ui/badge";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { usePageTitle } from "../../../lib/use-page-title";
import { ActionForm } from "./action-form";
import { formValuesFromAction } from "./action-form-values";
import { adminActionQuery } from "./admin-api";

/** /admin/actions/:id/edit */
export function AdminActionEditPage() {
  usePageTitle("Edit Weekly Action");
  const { id = "" } = useParams();
  const query = useQuery(adminActionQuery(id));

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-4xl font-semibold text-forest-900">Edit Weekly Action</h1>
        {query.data ? (
          <Badge variant={query.data.status === "published" ? "success" : "outline"}>
            {query.data.status === "published" ? "Published" : "Draft"}
          </Badge>
        ) : null}
      </div>
      <div className="mt-8">
        {query.isPending ? (
          <Spinner label="Loading action…" />
        ) : query.isError ? (
          <div role="alert" className="grid gap-3">
            <p className="font-medium text-destructive">
              {query.error instanceof ApiError && query.error.status === 404
                ? "Action not found"
                : "Failed to load action"}
            </p>
            <Link to="/admin/actions" className="font-semibold text-forest-700 underline underline-offset-4">
              Back to Weekly Actions
            </Link>
          </div>
        ) : (
          <ActionForm
            key={query.data.id}
            mode="edit"
            actionId={query.data.id}
            initial={formValuesFromAction(query.data)}
            status={query.data.status}
            sentAt={query.data.sent_at}
          />
        )}
      </div>
    </div>
  );
}
