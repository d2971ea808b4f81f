import { createRouter } from "../../platform/hono";

export const mediaAdminRoutes = createRouter();
