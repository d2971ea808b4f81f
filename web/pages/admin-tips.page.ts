import { definePage } from "./page";

export default definePage({
  path: "/admin/settings/tips",
  render: "browser",
  component: () => import("../features/tips/admin-tips-page").then((m) => m.AdminTipsPage),
});
