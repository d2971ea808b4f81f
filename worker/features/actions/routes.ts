import { createRouter } from "../../platform/hono";

export const actionsRoutes = createRouter();
