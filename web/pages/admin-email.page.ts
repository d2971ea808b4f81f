import { definePage } from "./page";

export default definePage({
  path: "/admin/settings/email",
  render: "browser",
  component: () => import("../features/email/admin-email-settings-page").then((m) => m.AdminEmailSettingsPage),
});
