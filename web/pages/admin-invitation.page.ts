import { definePage } from "./page";

export default definePage({
  // An admin invitation's link (npm run admin:invite, decision 235): the token is in the fragment, and opening the
  // page spends nothing; its button does. Rendered by the browser like the admin screens it leads to (not under /admin, whose routes want an admin already).
  path: "/auth/admin-invitation",
  render: "browser",
  title: "Admin Invitation",
  component: () => import("../features/admin-invitations/accept-invitation-page").then((m) => m.AcceptInvitationPage),
});
