import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminSecurityPage() {
  return (
    <PlaceholderPage
      title="Security Dashboard"
      eyebrow="Admin"
      lead="Admin activity, sensitive access, authentication failures and access logs."
    />
  );
}
