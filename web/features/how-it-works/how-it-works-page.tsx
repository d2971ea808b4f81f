import { PlaceholderPage } from "../../components/placeholder-page";

export function HowItWorksPage() {
  return (
    <PlaceholderPage
      title="How It Works"
      eyebrow="Three simple steps"
      lead="Sign up, get one simple action in your inbox every Monday morning, and take action for the wild places near you."
    />
  );
}
