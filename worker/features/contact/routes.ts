import { createRouter } from "../../platform/hono";

export const contactRoutes = createRouter();
