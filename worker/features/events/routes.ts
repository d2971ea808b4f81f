import { createRouter } from "../../platform/hono";

export const eventsRoutes = createRouter();
