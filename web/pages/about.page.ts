import { titled } from "#contract/seo/page-meta";
import { definePage } from "./page";
import { siteImpactData } from "./site-impact-data";

export default definePage({
  path: "/about",
  render: "server",
  meta: {
    title: titled("About Us"),
    description:
      "Earthkind helps people across the United States protect nature with one simple action each week. Read our mission and join it.",
    canonical: "/about",
  },
  data: siteImpactData,
  component: () => import("../app/about/about-page").then((m) => m.AboutPage),
});
