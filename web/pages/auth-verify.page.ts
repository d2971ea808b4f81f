import { definePage, NOT_FOUND } from "./page";

export default definePage({
  // The magic link of every sign-in email: one person's page, never cached or indexed (decision 212). Opening it
  // changes nothing, even with scripts run (a mail scanner's browser): it shows whose link it is and a button, and
  // only the button's POST signs in (decision 215).
  path: "/auth/verify",
  render: "server",
  personal: true,
  title: "Sign In",
  // A refused link (invalid, used, expired) is answered 404, on the same page saying why.
  notFoundTitle: "Sign In",
  data: async ({ queryClient, query }) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const { isRefusedLink, magicLinkQuery } = await import("../features/auth/magic-link-api");
    const view = await queryClient.fetchQuery(magicLinkQuery(token)).catch(() => undefined);
    if (view && isRefusedLink(view)) return NOT_FOUND;
  },
  component: () => import("../app/auth-verify").then((m) => m.AuthVerifyRoute),
});
