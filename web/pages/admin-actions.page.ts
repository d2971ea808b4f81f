import { definePage } from "./page";

export default definePage({
  path: "/admin/actions",
  render: "browser",
  component: () => import("../features/actions/admin/admin-actions-page").then((m) => m.AdminActionsPage),
});
