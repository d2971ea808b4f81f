import { createRouter } from "../../platform/hono";

export const authRoutes = createRouter();
