import { PlaceholderPage } from "../../components/placeholder-page";

export function EventsPage() {
  return (
    <PlaceholderPage
      title="Local Events"
      eyebrow="Find your people"
      lead="Search conservation events near your ZIP code: cleanups, restoration days, wildlife counts and more."
    />
  );
}
