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
});
