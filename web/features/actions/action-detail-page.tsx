import { Link, useParams } from "react-router-dom";
import { routePath } from "../../../worker/features/spa/route-table";
import { PlaceholderPage } from "../../components/placeholder-page";

export function ActionDetailPage() {
  const { slug = "" } = useParams();
  return (
    <PlaceholderPage
      title="Weekly Action"
      eyebrow="This week’s action"
      lead={`The steps, materials and resources for “${slug.replace(/-/g, " ")}” will appear here.`}
    >
      <p className="mt-10">
        <Link
          to={routePath("actions")}
          className="font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900"
        >
          Back to Weekly Actions
        </Link>
      </p>
    </PlaceholderPage>
  );
}
