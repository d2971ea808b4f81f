import type { PageMeta } from "#contract/seo/page-meta";
import { titled } from "#contract/seo/page-meta";
import { definePage } from "./page";

/** Shared with /get-support, the same page under the address the spec's links use. */
export const SUPPORT_META: PageMeta = {
  title: titled("Eco-Anxiety Support"),
  description:
    "Caring for your inner world while protecting the outer one: crisis lines, climate-aware therapists, support groups, apps and books for eco-anxiety.",
  canonical: "/support",
};

export default definePage({
  path: SUPPORT_META.canonical,
  render: "server",
  meta: SUPPORT_META,
  component: () => import("../features/support/support-page").then((m) => m.SupportPage),
});
