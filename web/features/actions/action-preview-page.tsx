import { PlaceholderPage } from "../../components/placeholder-page";
import { useNoIndex } from "../../lib/use-no-index";

export function ActionPreviewPage() {
  // Spec §2: unpublished previews must stay out of search engines.
  useNoIndex();
  return (
    <PlaceholderPage
      title="Action Preview"
      eyebrow="Preview Mode - Not Published"
      lead="A preview of an unpublished weekly action, exactly as visitors will see it."
    />
  );
}
