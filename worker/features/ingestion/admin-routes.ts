import { createRouter } from "../../platform/hono";

export const ingestionAdminRoutes = createRouter();
