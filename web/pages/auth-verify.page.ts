import { definePage } from "./page";

export default definePage({
  path: "/auth/verify",
  render: "browser",
  component: () => import("../features/auth/auth-verify-page").then((m) => m.AuthVerifyPage),
});
