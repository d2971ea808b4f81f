import { definePage } from "./page";

export default definePage({
  path: "/unsubscribe",
  render: "browser",
  component: () => import("../features/subscribers/unsubscribe-page").then((m) => m.UnsubscribePage),
});
