import { createRouter } from "../../platform/hono";

export const petitionsRoutes = createRouter();
