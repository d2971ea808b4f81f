import { definePage, NOT_FOUND } from "./page";

export default definePage({
  // Every reminder email's link (decision 253): one person's page, never cached or indexed (decision 212).
  path: "/reminder",
  render: "server",
  personal: true,
  title: "Your Event Reminder",
  notFoundTitle: "Your Event Reminder",
  data: async ({ queryClient, query }) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const { reminderQuery } = await import("../features/events/api");
    const found = await queryClient.fetchQuery(reminderQuery(token)).catch(() => null);
    if (!found) return NOT_FOUND;
  },
  component: () => import("../features/events/reminder-page").then((m) => m.ReminderRoute),
});
