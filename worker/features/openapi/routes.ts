import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { optionalUser } from "../../platform/auth-guard";
import { type AppBindings, createRouter } from "../../platform/hono";

/** The app whose route table the document describes. */
export type DocumentedApp = Hono<AppBindings>;

/** Only the JSON API is documented: pages, media, robots/sitemap and dev helpers are not API. */
const NOT_API = /^(?!\/api\/)/;
const ADMIN = /^\/api\/admin\//;

const ERROR_BODY: OpenAPIV3_1.SchemaObject = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    },
  },
};

/**
 * GET /api/openapi.json — OpenAPI 3.1 built from the app's route table and the zod schemas its
 * routes validate with (decision 093). Admin routes are listed only for admins, so the public
 * document does not map the admin surface.
 */
export const openApiRoutes = (app: () => DocumentedApp) =>
  createRouter().get("/", async (c) => {
    const user = await optionalUser(c);
    const document = await generateSpecs(app(), {
      documentation: {
        info: { title: "Earthkind API", version: "1", description: "The Worker's JSON API (ARCHITECTURE.md §5)." },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
          schemas: { Error: ERROR_BODY },
        },
      },
      includeEmptyPaths: true,
      excludeStaticFile: false,
      exclude: user?.role === "admin" ? [NOT_API] : [NOT_API, ADMIN],
      defaultValidationErrorResponse: {
        description: "Invalid request: the first rule broken, in the spec's words",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    });
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const operation of Object.values(item ?? {})) {
        if (!operation || typeof operation !== "object" || !("responses" in operation)) continue;
        operation.responses ??= {};
        const responses = operation.responses;
        if (!Object.keys(responses).some((status) => status.startsWith("2"))) {
          responses["200"] = { description: "Success (JSON; the web client infers its shape from the route)" };
        }
        if (ADMIN.test(path) || path.startsWith("/api/me")) {
          Object.assign(operation, { security: [{ bearer: [] }] });
        }
      }
    }
    // Sent as text: the document's type is the OpenAPI standard's (openapi-types), not one to infer.
    return c.body(JSON.stringify(document), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
    });
  });
