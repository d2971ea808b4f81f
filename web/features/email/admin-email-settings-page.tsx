import { PlaceholderPage } from "../../components/placeholder-page";

export function AdminEmailSettingsPage() {
  return (
    <PlaceholderPage
      title="Email Settings"
      eyebrow="Admin"
      lead="Check the email configuration, adjust the welcome email and send a test."
    />
  );
}
