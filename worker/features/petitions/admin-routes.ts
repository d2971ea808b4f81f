import { createRouter } from "../../platform/hono";

export const petitionsAdminRoutes = createRouter();
