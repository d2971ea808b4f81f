import { definePage } from "./page";

export default definePage({
  path: "/admin/actions/new",
  render: "browser",
  component: () => import("../features/actions/admin/admin-action-new-page").then((m) => m.AdminActionNewPage),
});
