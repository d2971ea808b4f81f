import { createRouter } from "../../platform/hono";

export const meRoutes = createRouter();
