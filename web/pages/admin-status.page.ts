import { definePage } from "./page";

export default definePage({
  path: "/admin/status",
  render: "browser",
  component: () => import("../features/operations/system-status-page").then((m) => m.SystemStatusPage),
});
