import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminActionsPage() {
  return (
    <PlaceholderPage
      title="Manage Weekly Actions"
      eyebrow="Admin"
      lead="Create, schedule, preview and test-send the weekly actions."
    />
  );
}
