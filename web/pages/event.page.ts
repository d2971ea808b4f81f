import { definePage, NOT_FOUND } from "./page";

export default definePage({
  path: "/events/:event",
  render: "server",
  // Its head (title, description, Event markup) is the event's own, written by the Worker from the same read.
  data: async ({ queryClient, params }) => {
    const [{ eventIdFromPathParam }, { eventPageQuery }] = await Promise.all([
      import("#contract/events/event-path"),
      import("../features/events/api"),
    ]);
    const id = eventIdFromPathParam(params.event ?? "");
    if (id === null) return NOT_FOUND;
    const query = eventPageQuery(id);
    await queryClient.prefetchQuery(query);
    return queryClient.getQueryData(query.queryKey)?.event === null ? NOT_FOUND : undefined;
  },
  component: () => import("../features/events/event-page").then((m) => m.EventPage),
});
