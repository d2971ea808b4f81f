import { createRouter } from "../../platform/hono";

/** HTML routes for action pages (per-action <title>/OpenGraph tags); mounted before the SPA routes. */
export const actionPageRoutes = createRouter();
