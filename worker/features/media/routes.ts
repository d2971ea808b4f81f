import { createRouter } from "../../platform/hono";

export const mediaRoutes = createRouter();
