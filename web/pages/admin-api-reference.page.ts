import { definePage } from "./page";

export default definePage({
  path: "/admin/api",
  render: "browser",
  component: () => import("../features/api-reference/api-reference-page").then((m) => m.ApiReferencePage),
});
