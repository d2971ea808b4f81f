import { PlaceholderPage } from "../../components/placeholder-page";

export function UnsubscribePage() {
  return (
    <PlaceholderPage
      title="Manage Your Subscription"
      eyebrow="Weekly actions"
      lead="Review your weekly action emails, unsubscribe, or subscribe again."
    />
  );
}
