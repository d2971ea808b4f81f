import { PlaceholderPage } from "../../components/placeholder-page";
import { CalendarDiscoveryTool } from "../events/calendar-discovery-tool";
import { IngestionPanel } from "../events/ingestion-panel";
import { SubmissionsModerationPanel } from "../events/submissions-moderation-panel";

// Events branch only: the events admin panels are shown on the placeholder dashboard so they can
// be used and browser-tested before the real dashboard (auth issue) lands; the lead composes them.
export function AdminDashboardPage() {
  return (
    <PlaceholderPage
      title="Admin Dashboard"
      eyebrow="Admin"
      lead="Weekly actions, petitions, content export, security and email settings, plus the weekly send and event ingestion tools."
    >
      <div className="mt-12 grid gap-8">
        <SubmissionsModerationPanel />
        <IngestionPanel />
        <CalendarDiscoveryTool />
      </div>
    </PlaceholderPage>
  );
}
