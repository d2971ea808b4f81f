import { definePage } from "./page";

export default definePage({
  path: "/subscribe/confirm",
  render: "browser",
  component: () => import("../features/subscribers/confirm-subscription-page").then((m) => m.ConfirmSubscriptionPage),
});
