import { optionalUser } from "../../platform/auth-guard";
import { createRouter } from "../../platform/hono";
import { buildApiDocument, type DocumentedApp } from "./document";

/**
 * GET /api/openapi.json — the published contract (decisions 093 and 179). Admin routes are listed only for
 * admins, so the public document does not map the admin surface.
 */
export const openApiRoutes = (app: () => DocumentedApp) =>
  createRouter().get("/", async (c) => {
    const user = await optionalUser(c);
    const document = await buildApiDocument(app(), {
      admin: user?.role === "admin",
      serverUrl: c.var.config.siteOrigin,
    });
    // Sent as text: the document's type is the OpenAPI standard's (openapi-types), not one to infer.
    return c.body(JSON.stringify(document), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
    });
  });
