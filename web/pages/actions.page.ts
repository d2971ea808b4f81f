import { titled } from "#contract/seo/page-meta";
import { definePage } from "./page";

export default definePage({
  path: "/actions",
  render: "server",
  meta: {
    title: titled("Weekly Actions"),
    description:
      "This week's nature-protection action with step-by-step instructions, plus an archive of past actions you can still take today.",
    canonical: "/actions",
  },
  data: async ({ queryClient, locale }) => {
    const [{ currentActionQuery }, { archiveQuery }, { currentTipQuery }] = await Promise.all([
      import("../features/actions/api"),
      import("../features/actions/archive-query"),
      import("../features/tips/api"),
    ]);
    await Promise.all([
      queryClient.prefetchQuery(currentActionQuery(locale)),
      queryClient.prefetchQuery(archiveQuery(10, locale)),
      queryClient.prefetchQuery(currentTipQuery(locale)),
    ]);
  },
  component: () => import("../app/actions").then((m) => m.Actions),
});
