import { definePage } from "./page";

export default definePage({
  // The magic link of every sign-in email: one person's page, never cached or indexed (decision 212). Opening it
  // changes nothing; the island exchanges the token with a POST once the page has hydrated.
  path: "/auth/verify",
  render: "server",
  personal: true,
  title: "Signing In",
  component: () => import("../app/auth-verify").then((m) => m.AuthVerifyRoute),
});
