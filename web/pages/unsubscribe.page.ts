import { emailLinkData } from "./email-link-data";
import { definePage } from "./page";

export default definePage({
  // The manage-or-cancel link of every email: one person's page, never cached or indexed (decision 212).
  path: "/unsubscribe",
  render: "server",
  personal: true,
  title: "Manage Your Subscription",
  // A refused link is answered 404, on the same page saying why.
  notFoundTitle: "Manage Your Subscription",
  data: emailLinkData("subscription"),
  component: () => import("../features/subscribers/unsubscribe-page").then((m) => m.UnsubscribeRoute),
});
