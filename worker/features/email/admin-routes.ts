import { createRouter } from "../../platform/hono";

export const emailAdminRoutes = createRouter();
