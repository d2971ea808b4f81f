import { PlaceholderPage } from "../../components/placeholder-page";

export function MyProgressPage() {
  return (
    <PlaceholderPage
      title="My Progress"
      eyebrow="Your impact"
      lead="Every action you complete, the notes you kept, and how long you’ve been taking action."
    />
  );
}
