import { usePageTitle } from "../../../lib/use-page-title";
import { ActionForm } from "./action-form";
import { EMPTY_ACTION_FORM } from "./action-form-values";

/** /admin/actions/new */
export function AdminActionNewPage() {
  usePageTitle("New Weekly Action");
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
      <h1 className="mt-2 text-4xl font-semibold text-forest-900">New Weekly Action</h1>
      <div className="mt-8">
        <ActionForm mode="new" initial={EMPTY_ACTION_FORM} status="draft" />
      </div>
    </div>
  );
}
