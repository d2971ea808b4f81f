import { definePage } from "./page";

export default definePage({
  path: "/admin",
  render: "browser",
  component: () => import("../app/admin-dashboard").then((m) => m.AdminDashboard),
});
