import { definePage } from "./page";

export default definePage({
  path: "/auth",
  render: "server",
  title: "Sign In",
  component: () => import("../features/auth/auth-page").then((m) => m.AuthRoute),
});
