import { describeRoute } from "hono-openapi";
import { jsonAnswer } from "../../platform/api-docs";
import { optionalUser } from "../../platform/auth-guard";
import { createRouter } from "../../platform/hono";
import { buildApiDocument, type DocumentedApp } from "./document";
import { openApiDocumentSchema } from "./responses";

/**
 * GET /api/openapi.json — the published contract (decisions 093 and 179). Admin routes are listed only for
 * admins, so the public document does not map the admin surface.
 */
export const openApiRoutes = (app: () => DocumentedApp) =>
  createRouter().get(
    "/",
    describeRoute({
      summary: "Read this OpenAPI document",
      description: "Anyone may read it; an admin's bearer token adds the admin operations.",
      security: [{}, { bearer: [] }],
      responses: { 200: jsonAnswer(openApiDocumentSchema, "The OpenAPI 3.1 document of the JSON API") },
    }),
    async (c) => {
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
    },
  );
