import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminPetitionsPage() {
  return (
    <PlaceholderPage
      title="Petitions"
      eyebrow="Admin"
      lead="Add, verify and reorder the petitions shown across the site."
    />
  );
}
