import { definePage } from "./page";

export default definePage({
  path: "/actions/preview/:id",
  render: "browser",
  component: () => import("../features/actions/action-preview-page").then((m) => m.ActionPreviewPage),
});
