import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { definePage } from "./page";
import { SUPPORT_META } from "./support.page";

export default definePage({
  // The same page as /support (its canonical URL, so search engines index one of them); emails link here.
  path: LINKED_PATHS.getSupport,
  render: "server",
  meta: SUPPORT_META,
  component: () => import("../features/support/support-page").then((m) => m.SupportPage),
});
