import { createRouter } from "../../platform/hono";

export const eventSubmissionsRoutes = createRouter();
