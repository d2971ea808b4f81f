import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminContentExportPage() {
  return (
    <PlaceholderPage
      title="Content Export"
      eyebrow="Admin"
      lead="Export this week’s content as text, ready for social posts."
    />
  );
}
