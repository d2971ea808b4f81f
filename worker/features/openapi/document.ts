import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { errorAnswer } from "../../platform/api-docs";
import { BODY_TOO_LARGE_MESSAGE } from "../../platform/body-limit";
import type { AppBindings } from "../../platform/hono";
import { exampleOf } from "./examples";

/** The app whose route table the document describes. */
export type DocumentedApp = Hono<AppBindings>;

export type ApiDocument = OpenAPIV3_1.Document;

/** Only the JSON API is documented: pages, media, robots/sitemap and dev helpers are not API. */
const NOT_API = /^(?!\/api\/)/;
const ADMIN = /^\/api\/admin\//;

const ERROR_BODY: OpenAPIV3_1.SchemaObject = {
  type: "object",
  examples: [{ error: { code: "validation_error", message: "Please enter a valid email address" } }],
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", description: "Stable, for programs (validation_error, not_found, rate_limited, …)" },
        message: { type: "string", description: "For people: the spec's wording where it has one" },
      },
    },
  },
};

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Every 429 says when to try again (worker/platform/errors.ts tooManyRequests sets it). */
const RETRY_AFTER: OpenAPIV3_1.HeaderObject = {
  description: "Whole seconds to wait before trying again",
  required: true,
  schema: { type: "integer", minimum: 1 },
};

/** Each JSON body of an operation (its request and its answers) gets an example where its schema gives none. */
function addExamples(operation: OpenAPIV3_1.OperationObject, components: OpenAPIV3_1.ComponentsObject) {
  const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})];
  for (const body of bodies) {
    if (!body || "$ref" in body) continue;
    for (const [mediaType, media] of Object.entries(body.content ?? {})) {
      if (!mediaType.includes("json") || media.example !== undefined || media.examples) continue;
      const example = exampleOf(media.schema as Parameters<typeof exampleOf>[0], components);
      if (example !== undefined) media.example = example;
    }
  }
}

/** An operation's group: its feature, under admin for the console's routes (`/api/admin/actions/…` → admin/actions). */
function tagOf(path: string): string {
  const [first, second] = path.replace(/^\/api\//, "").split("/");
  return first === "admin" && second && !second.startsWith("{") ? `admin/${second}` : (first ?? "api");
}

/**
 * OpenAPI 3.1 built from the app's route table (decision 093): request parts from the zod schemas the routes
 * validate with, answers from the schemas their handlers answer with (`describeRoute` + `answer`, decision 179),
 * and what the shared middleware adds described by the middleware itself (guards, limits). Here only what holds
 * for every operation: public operations say they need no security, an operation with a body can be too large,
 * and a path with an id can name nothing. Admin routes are listed only in the admin view.
 */
export async function buildApiDocument(
  app: DocumentedApp,
  { admin, serverUrl }: { admin: boolean; serverUrl: string },
): Promise<ApiDocument> {
  const document = (await generateSpecs(app, {
    documentation: {
      info: {
        title: "Earthkind API",
        version: "1",
        description: "The Worker's JSON API (ARCHITECTURE.md §5). Errors answer `{ error: { code, message } }`.",
        license: { name: "Proprietary", url: `${serverUrl}/about` },
      },
      servers: [{ url: serverUrl, description: "This site" }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        schemas: { Error: ERROR_BODY },
        headers: { RetryAfter: RETRY_AFTER },
      },
    },
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: admin ? [NOT_API] : [NOT_API, ADMIN],
    defaultValidationErrorResponse: errorAnswer("Invalid request: the first rule broken, in the spec's words"),
  })) as ApiDocument;

  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      operation.tags = operation.tags?.length ? operation.tags : [tagOf(path)];
      for (const tag of operation.tags) tags.add(tag);
      // A guard used with .use() documents itself once per handler of the route: one entry each.
      operation.security = [...new Map((operation.security ?? []).map((s) => [JSON.stringify(s), s])).values()];
      operation.responses ??= {};
      const responses = operation.responses;
      if (operation.requestBody && !responses["413"]) responses["413"] = errorAnswer(BODY_TOO_LARGE_MESSAGE);
      if (path.includes("{") && !responses["404"]) responses["404"] = errorAnswer("Nothing has this id");
      const tooMany = responses["429"];
      if (tooMany && !("$ref" in tooMany))
        tooMany.headers = { ...tooMany.headers, "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
      addExamples(operation, document.components ?? {});
      const rules = (operation as { "x-rules"?: string[] })["x-rules"];
      if (rules?.length) {
        const list = rules.map((r) => `"${r}"`).join("; ");
        operation.description = [operation.description, `Also refused (rules across fields): ${list}.`]
          .filter(Boolean)
          .join("\n\n");
      }
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: `Operations under /api/${name}` }));
  return document;
}
