import { definePage } from "./page";

export default definePage({
  path: "/admin/content-export",
  render: "browser",
  component: () => import("../features/content-export/admin-content-export-page").then((m) => m.AdminContentExportPage),
});
