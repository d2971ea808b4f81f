import { definePage } from "./page";

export default definePage({
  // Any path no other page claims: the Worker answers it with status 404.
  path: "*",
  render: "server",
  title: "Page not found",
  component: () => import("../app/not-found-page").then((m) => m.NotFoundPage),
});
