import { definePage } from "./page";

export default definePage({
  path: "/admin/settings/petitions",
  render: "browser",
  component: () => import("../features/petitions/admin-petitions-page").then((m) => m.AdminPetitionsPage),
});
