import { createRouter } from "../../platform/hono";

export const contentExportAdminRoutes = createRouter();
