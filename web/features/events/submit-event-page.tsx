import { PlaceholderPage } from "../../components/placeholder-page";

export function SubmitEventPage() {
  return (
    <PlaceholderPage
      title="Submit an Environmental Event"
      eyebrow="Share an event"
      lead="Organizing a cleanup, planting or nature walk? Tell us about it and our team will review it for the events list."
    />
  );
}
