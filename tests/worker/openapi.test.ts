import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { adminHeaders, api, memberHeaders } from "./helpers";

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
};

/** Every concrete /api route of the app's route table, in OpenAPI form (`/:id` → `/{id}`). */
function apiRoutes() {
  const routes = new Set<string>();
  for (const route of createApp().routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL") continue;
    routes.add(`${route.method.toLowerCase()} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`);
  }
  return [...routes].sort();
}

const documented = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));

async function fetchDocument(headers?: Record<string, string>): Promise<Document> {
  const res = await api("/api/openapi.json", { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return res.json();
}

describe("GET /api/openapi.json", () => {
  it("describes every /api route of the app's route table to an admin", async () => {
    const routes = apiRoutes();
    expect(routes).toContain("get /api/actions/{slug}");
    expect(routes).toContain("post /api/admin/security/scan");
    const doc = await fetchDocument(await adminHeaders());
    expect(doc.openapi).toBe("3.1.0");
    const missing = routes.filter((r) => !documented(doc).includes(r));
    expect(missing).toEqual([]);
  });

  it("shows the public routes to everyone and the admin routes only to admins", async () => {
    const publicRoutes = apiRoutes().filter((r) => !r.includes(" /api/admin/"));
    for (const headers of [undefined, await memberHeaders()]) {
      const seen = documented(await fetchDocument(headers));
      expect(publicRoutes.filter((r) => !seen.includes(r))).toEqual([]);
      expect(seen.filter((r) => r.includes(" /api/admin/"))).toEqual([]);
    }
  });

  it("takes request bodies and queries from the zod schemas the routes validate with", async () => {
    const doc = await fetchDocument();
    const contact = doc.paths["/api/contact"]?.post?.requestBody?.content["application/json"]?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(contact.properties)).toEqual(expect.arrayContaining(["name", "email", "message"]));
    expect(contact.required).toEqual(expect.arrayContaining(["name", "email"]));
    const search = doc.paths["/api/events"]?.get as { parameters?: { name: string; in: string }[] };
    expect(search.parameters?.filter((p) => p.in === "query").map((p) => p.name)).toEqual(
      expect.arrayContaining(["zip", "radius", "start", "end", "limit"]),
    );
  });

  it("says when to retry on every 429, and types whole numbers as integers (issue 47)", async () => {
    const doc = (await fetchDocument(await adminHeaders())) as unknown as OpenAPIV3_1.Document;
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      (["get", "put", "post", "delete", "patch"] as const).flatMap((m) =>
        item?.[m] ? [[`${m} ${path}`, item[m]]] : [],
      ),
    ) as [string, OpenAPIV3_1.OperationObject][];
    const limited = operations.filter(([, op]) => op.responses?.["429"]);
    expect(limited.length).toBeGreaterThan(20);
    const withoutRetryAfter = limited.filter(
      ([, op]) => !(op.responses?.["429"] as OpenAPIV3_1.ResponseObject | undefined)?.headers?.["Retry-After"],
    );
    expect(withoutRetryAfter.map(([name]) => name)).toEqual([]);
    expect(doc.components?.headers?.RetryAfter).toMatchObject({ schema: { type: "integer" } });

    const wholeNumbers = operations.flatMap(([name, op]) =>
      ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        .filter((p) => ["limit", "page", "per_page", "radius"].includes(p.name))
        .map((p) => [`${name} ${p.name}`, (p.schema as OpenAPIV3_1.SchemaObject).type]),
    );
    expect(wholeNumbers.length).toBeGreaterThan(8);
    expect(wholeNumbers.filter(([, type]) => type !== "integer")).toEqual([]);
  });

  it("names its main schemas and gives each operation an example its schema accepts (issue 47)", async () => {
    const doc = (await fetchDocument(await adminHeaders())) as unknown as OpenAPIV3_1.Document;
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(["Event", "EventPage", "Action", "Petition", "Tip", "Subscription", "Error"]),
    );
    const ajv = new Ajv2020({ strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(doc as object, "doc");
    const wrong: string[] = [];
    const without: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of ["get", "put", "post", "delete", "patch"] as const) {
        const op = item?.[method];
        if (!op) continue;
        const bodies = [
          ["requestBody", op.requestBody],
          ...Object.entries(op.responses ?? {}).map(([code, r]) => [`responses/${code}`, r]),
        ] as [string, OpenAPIV3_1.RequestBodyObject | undefined][];
        let told = false;
        for (const [where, body] of bodies) {
          for (const [mediaType, media] of Object.entries(body?.content ?? {})) {
            if (media.example === undefined) continue;
            if (where === "requestBody" || /^responses\/2/.test(where)) told = true;
            const pointer = ["paths", path, method, ...where.split("/"), "content", mediaType, "schema"]
              .map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1"))
              .join("/");
            const validate = ajv.getSchema(`doc#/${pointer}`);
            if (validate && !validate(media.example))
              wrong.push(`${method} ${path} ${where}: ${ajv.errorsText(validate.errors)}`);
          }
        }
        const json = bodies.some(([where, body]) =>
          Object.keys(body?.content ?? {}).some(
            (t) => t.includes("json") && (where === "requestBody" || where.startsWith("responses/2")),
          ),
        );
        if (json && !told) without.push(`${method} ${path}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(without).toEqual([]);
  });
});
