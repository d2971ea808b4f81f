import { definePage } from "./page";

export default definePage({
  path: "/admin/messages",
  render: "browser",
  component: () => import("../features/contact/admin-messages-page").then((m) => m.AdminMessagesPage),
});
