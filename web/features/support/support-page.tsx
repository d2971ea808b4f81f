import { PlaceholderPage } from "../../components/placeholder-page";

/** Serves both /support and /get-support (spec §2 lists both; the footer and header use /support). */
export function SupportPage() {
  return (
    <PlaceholderPage
      title="Eco-Anxiety Support"
      eyebrow="Feel · Heal · Act"
      lead="Caring for your inner world while protecting the outer one: resources, practices and people who can help."
    />
  );
}
