import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminActionNewPage() {
  return (
    <PlaceholderPage
      title="New Weekly Action"
      eyebrow="Admin"
      lead="Write a new weekly action and schedule when it goes out."
    />
  );
}
