import { titled } from "#contract/seo/page-meta";
import { definePage } from "./page";
import { siteImpactData } from "./site-impact-data";

export default definePage({
  path: "/how-it-works",
  render: "server",
  meta: {
    title: titled("How It Works"),
    description:
      "Sign up, get one simple nature-protection action in your inbox every Monday morning, and take action. Here is how Earthkind works.",
    canonical: "/how-it-works",
  },
  data: siteImpactData,
  component: () => import("../app/how-it-works").then((m) => m.HowItWorks),
});
