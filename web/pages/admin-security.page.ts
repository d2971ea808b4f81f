import { definePage } from "./page";

export default definePage({
  path: "/admin/security",
  render: "browser",
  component: () => import("../features/security/security-dashboard-page").then((m) => m.SecurityDashboardPage),
});
