import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { buildApiDocument } from "../../worker/features/openapi/document";

const views = { public: false, admin: true } as const;
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

const operations = (document: OpenAPIV3_1.Document) =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ name: `${method} ${path}`, operation: item[method] }] : [])),
  );

/**
 * The published contract, checked as an outside integrator would: the document the app serves at
 * /api/openapi.json (built here from the same app factory), both views (decision 179).
 */
describe.each(Object.entries(views))("the %s OpenAPI document", (_view, admin) => {
  const built = buildApiDocument(createApp(), { admin, serverUrl: "https://earthkind.example" });

  it("passes Redocly's recommended lint with no error", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(await built),
      absoluteRef: "openapi.json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const errors = problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`);
    expect(errors).toEqual([]);
  });

  it("gives every operation a summary and a success answer with a schema", async () => {
    const missing = operations(await built).filter(({ operation }) => {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith("2"));
      const described = success.some(
        ([, answer]) =>
          "content" in answer && Object.values(answer.content ?? {}).some((media) => media.schema !== undefined),
      );
      // 204 answers have no body by definition.
      return !operation.summary || !(described || success.some(([status]) => status === "204"));
    });
    expect(missing.map((m) => m.name)).toEqual([]);
  });
});
