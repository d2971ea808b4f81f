import { PlaceholderPage } from "../../components/placeholder-page";

export function AuthVerifyPage() {
  return (
    <PlaceholderPage
      title="Signing You In"
      eyebrow="Magic link"
      lead="We’re checking your sign-in link. This only takes a moment."
    />
  );
}
