import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { definePage } from "./page";

export default definePage({
  path: LINKED_PATHS.myProgress,
  render: "browser",
  component: () => import("../app/my-progress").then((m) => m.MyProgress),
});
