import { createRouter } from "../../platform/hono";

export const subscribersRoutes = createRouter();
