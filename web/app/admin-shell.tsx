import { AdminLayout } from "../features/admin/admin-layout";
import { UnreadMessagesBadge } from "../features/contact/unread-messages-badge";
import { EmailConfigBanner } from "../features/email/email-config-banner";
import { routePath } from "../pages";

/**
 * The guarded admin layout with the email feature's 'Email Configuration Incomplete' banner and the
 * contact inbox's unread count on its nav link.
 */
export function AdminShell() {
  return (
    <AdminLayout
      banner={<EmailConfigBanner />}
      linkBadges={{ [routePath("adminMessages")]: <UnreadMessagesBadge /> }}
    />
  );
}
