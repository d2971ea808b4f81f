import { AdminDashboardPage } from "../features/admin/admin-dashboard-page";
import { SharedNotesPanel, SharedNotesQueueLink } from "../features/completions/shared-notes-panel";
import { WeeklyEmailPanel } from "../features/email/weekly-email-panel";
import { CalendarDiscoveryTool } from "../features/events/calendar-discovery-tool";
import { RemindersAdminPanel } from "../features/events/reminders-admin-panel";
import { SubmissionsModerationPanel } from "../features/events/submissions-moderation-panel";
import { IngestionPanel } from "../features/ingestion/ingestion-panel";
import { AlertsPanel } from "../features/operations/alerts-panel";

/**
 * /admin composed from the features' admin tools (features do not import each other; web/app
 * does). Lazy-loaded with the other admin routes, so none of this reaches public pages.
 */
export function AdminDashboard() {
  return (
    <AdminDashboardPage
      panels={
        <>
          <AlertsPanel />
          <SharedNotesQueueLink />
          <WeeklyEmailPanel />
          <SubmissionsModerationPanel />
          <RemindersAdminPanel />
          <SharedNotesPanel />
          <IngestionPanel />
          <CalendarDiscoveryTool />
        </>
      }
    />
  );
}
