import { useQuery } from "@tanstack/react-query";
import type { OpenAPIV3_1 } from "openapi-types";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { openApiDocumentPath, openApiDocumentQuery } from "./api";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

/** Paths grouped by their first segment after /api (actions, admin, auth…). */
function groups(doc: OpenAPIV3_1.Document) {
  const byGroup = new Map<string, { path: string; method: string; operation: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const group = path.split("/")[2] ?? "api";
      byGroup.set(group, [...(byGroup.get(group) ?? []), { path, method, operation }]);
    }
  }
  return [...byGroup].sort(([a], [b]) => a.localeCompare(b));
}

const schemaText = (schema: unknown) => JSON.stringify(schema, null, 2);

function OperationCard({ path, method, operation }: { path: string; method: string; operation: Operation }) {
  const parameters = (operation.parameters ?? []).filter((p): p is Parameter => !("$ref" in p));
  const body = operation.requestBody && !("$ref" in operation.requestBody) ? operation.requestBody.content : undefined;
  return (
    <Card className="p-5">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm font-semibold text-forest-900">
        <Badge variant="outline">{method.toUpperCase()}</Badge>
        <span className="break-all">{path}</span>
      </h3>
      {parameters.length > 0 ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <ul className="mt-1 text-sm text-muted-foreground">
            {parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code> ({p.in}
                {p.required ? ", required" : ""})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body
        ? Object.entries(body).map(([media, content]) => (
            <details key={media} className="mt-3 text-sm">
              <summary className="cursor-pointer font-semibold">Request body ({media})</summary>
              <pre className="mt-2 overflow-x-auto rounded bg-sand-100 p-3 text-xs">{schemaText(content.schema)}</pre>
            </details>
          ))
        : null}
      <p className="mt-3 text-sm text-muted-foreground">
        Responses:{" "}
        {Object.entries(operation.responses ?? {})
          .map(([status, response]) => `${status}${"description" in response ? ` ${response.description}` : ""}`)
          .join(" · ")}
      </p>
    </Card>
  );
}

/** /admin/api — the OpenAPI document (GET /api/openapi.json) as a readable reference. */
export function ApiReferencePage() {
  usePageTitle("API Reference");
  const query = useQuery(openApiDocumentQuery());
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
      <h1 className="mt-2 text-4xl font-semibold text-forest-900">API Reference</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Every route of the JSON API, from the same zod schemas the routes validate with.{" "}
        <a className="underline" href={openApiDocumentPath}>
          OpenAPI document
        </a>{" "}
        (the public version; this page includes the admin routes).
      </p>
      {query.isPending ? (
        <div className="mt-8">
          <Spinner label="Loading the API reference…" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-8 text-destructive">
          {query.error.message}
        </p>
      ) : (
        groups(query.data).map(([group, operations]) => (
          <section key={group} className="mt-10" aria-labelledby={`api-${group}`}>
            <h2 id={`api-${group}`} className="text-2xl font-semibold text-forest-900">
              /api/{group}
            </h2>
            <div className="mt-4 grid gap-4">
              {operations.map((o) => (
                <OperationCard key={`${o.method} ${o.path}`} {...o} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
