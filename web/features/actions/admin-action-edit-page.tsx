import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminActionEditPage() {
  return (
    <PlaceholderPage
      title="Edit Weekly Action"
      eyebrow="Admin"
      lead="Update this weekly action’s content and schedule."
    />
  );
}
