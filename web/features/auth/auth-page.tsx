import { PlaceholderPage } from "../../components/placeholder-page";

export function AuthPage() {
  return (
    <PlaceholderPage
      title="Sign In"
      eyebrow="Welcome back"
      lead="Sign in with a magic link sent to your email, or with your password, to track the actions you complete."
    />
  );
}
