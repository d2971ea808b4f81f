import { createRouter } from "../../platform/hono";

export const securityAdminRoutes = createRouter();
