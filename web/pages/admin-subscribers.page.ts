import { definePage } from "./page";

export default definePage({
  path: "/admin/subscribers",
  render: "browser",
  component: () => import("../features/subscribers/admin/admin-subscribers-page").then((m) => m.AdminSubscribersPage),
});
