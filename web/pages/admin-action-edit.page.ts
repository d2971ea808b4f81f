import { definePage } from "./page";

export default definePage({
  path: "/admin/actions/:id/edit",
  render: "browser",
  component: () => import("../features/actions/admin/admin-action-edit-page").then((m) => m.AdminActionEditPage),
});
