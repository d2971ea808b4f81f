import { AdminLayout } from "../features/admin/admin-layout";
import { EmailConfigBanner } from "../features/email/email-config-banner";

/** The guarded admin layout with the email feature's 'Email Configuration Incomplete' banner. */
export function AdminShell() {
  return <AdminLayout banner={<EmailConfigBanner />} />;
}
