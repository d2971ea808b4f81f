import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Admin Dashboard"
      eyebrow="Admin"
      lead="Weekly actions, petitions, content export, security and email settings, plus the weekly send and event ingestion tools."
    />
  );
}
