import { emailLinkData } from "./email-link-data";
import { definePage } from "./page";

export default definePage({
  // The welcome email's confirmation link (decision 182): one person's page, never cached or indexed (decision 212).
  path: "/subscribe/confirm",
  render: "server",
  personal: true,
  title: "Confirm Your Subscription",
  // A refused link is answered 404, on the same page saying why.
  notFoundTitle: "Confirm Your Subscription",
  data: emailLinkData("confirmation"),
  component: () => import("../features/subscribers/confirm-subscription-page").then((m) => m.ConfirmSubscriptionRoute),
});
