import { createRouter } from "../../platform/hono";

export const subscriptionRoutes = createRouter();
