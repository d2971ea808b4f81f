import { createRouter } from "../../platform/hono";

export const actionsAdminRoutes = createRouter();
