import { titled } from "#contract/seo/page-meta";
import { definePage } from "./page";

export default definePage({
  path: "/submit-event",
  render: "server",
  meta: {
    title: titled("Submit an Environmental Event"),
    description:
      "Share a conservation event with the Earthkind community. Every submission is reviewed by our team before it is published.",
    canonical: "/submit-event",
  },
  component: () => import("../features/events/submit-event-page").then((m) => m.SubmitEventRoute),
});
