import { createRouter } from "../../platform/hono";

export const eventSubmissionsAdminRoutes = createRouter();
