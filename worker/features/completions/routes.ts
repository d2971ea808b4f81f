import { createRouter } from "../../platform/hono";

export const completionsRoutes = createRouter();
