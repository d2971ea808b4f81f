import { createRouter } from "../../platform/hono";

export const seoRoutes = createRouter();
