import { PlaceholderPage } from "../../components/placeholder-page";

export function ActionsPage() {
  return (
    <PlaceholderPage
      title="Weekly Actions"
      eyebrow="One action a week"
      lead="This week’s action, a way to get the next one in your inbox, and an archive of past actions."
    />
  );
}
