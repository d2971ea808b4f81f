import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { OpenAPIV3_1 } from "openapi-types";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHeaders, api } from "./helpers";
import {
  createAction,
  createEvent,
  createSubmission,
  createSubscriber,
  createUser,
  createZip,
  petition,
} from "./support/factories";
import { arbitrary, baseObject, edgeValues, type JsonSchema } from "./support/schema-inputs";

/**
 * The document-driven fuzz (decision 179): every operation of the admin view of /api/openapi.json gets inputs
 * made from its own schemas — values at their edges, values just past them, seeded random values — sent to the
 * app as a client would. Every answer must have a documented status, a body that validates (ajv) against the
 * schema documented for that status, and never a 5xx. FUZZ_SEED reproduces a run; failures print it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RANDOM_PER_OPERATION = 4;
/** A bound on the cases of one operation (its edge cases are many for large forms), chosen by the seed. */
const MAX_CASES = 160;
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject & { schema?: JsonSchema };
type Case = { label: string; path: string; query: [string, string][]; body?: string; contentType?: string };

const adminView = await (async () => {
  const res = await api("/api/openapi.json", { headers: await adminHeaders() });
  return (await res.json()) as Document;
})();

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addSchema(adminView as object, "openapi");
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

const resolve = (schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return resolve((adminView.components?.schemas?.[name] ?? {}) as JsonSchema);
};

/** Ids of real rows, so the fuzz reaches success answers too, not only 404s. */
const realIds: string[] = [];

beforeAll(async () => {
  const zip = await createZip();
  const action = await createAction();
  const event = await createEvent({
    startAtUtc: new Date(Date.now() + 86_400_000).toISOString(),
    lat: zip.lat,
    lon: zip.lon,
  });
  const submission = await createSubmission();
  const subscriber = await createSubscriber();
  const user = await createUser();
  const created = await api("/api/admin/petitions", {
    method: "PUT",
    headers: await adminHeaders(),
    json: { petitions: [petition()] },
  });
  const petitions = ((await created.json()) as { petitions?: { id: string }[] }).petitions ?? [];
  realIds.push(
    action.id,
    action.slug,
    event.id,
    submission.id,
    subscriber.id,
    user.id,
    zip.zip,
    ...petitions.map((p) => p.id),
  );
});

function pathValues(name: string): string[] {
  const edges = ["0", "a".repeat(300), "%25_%2A", "%F0%9F%8C%B1", crypto.randomUUID()];
  const ids = name === "file" ? realIds.map((id) => `${id}.ics`) : realIds;
  return [...ids, ...edges];
}

function casesFor(path: string, operation: Operation): Case[] {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  const media = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {};
  const jsonBody = media["application/json"]?.schema as JsonSchema | undefined;

  // Each path parameter over its values, the others at their first.
  const paths: string[] = [];
  const fill = (values: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? pathValues(name)[0] ?? "x");
  if (pathParams.length === 0) paths.push(path);
  for (const p of pathParams) for (const v of pathValues(p.name)) paths.push(fill({ [p.name]: v }));

  const queryEdges = queryParams.map((p) => ({ p, ...edgeValues(p.schema ?? { type: "string" }, resolve, SEED) }));
  const toQuery = (values: Record<string, unknown>): [string, string][] =>
    Object.entries(values).flatMap(([k, v]) =>
      v === undefined || v === null
        ? []
        : Array.isArray(v)
          ? v.map((x) => [k, String(x)] as [string, string])
          : [[k, typeof v === "object" ? JSON.stringify(v) : String(v)]],
    );
  const baseQuery = Object.fromEntries(queryEdges.filter((q) => q.p.required).map((q) => [q.p.name, q.valid[0]]));

  const cases: Case[] = [];
  const base = { path: paths[0] ?? path, query: toQuery(baseQuery) };
  for (const p of paths) cases.push({ label: `path ${p}`, path: p, query: base.query });
  for (const q of queryEdges) {
    for (const v of [...q.valid, ...q.invalid]) {
      cases.push({
        label: `query ${q.p.name}=${String(v).slice(0, 40)}`,
        ...base,
        query: toQuery({ ...baseQuery, [q.p.name]: v }),
      });
    }
  }
  const randomQueries = queryParams.length
    ? fc.sample(
        fc.record(
          Object.fromEntries(queryParams.map((p) => [p.name, arbitrary(p.schema ?? { type: "string" }, resolve)])),
          {
            requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
          },
        ),
        { seed: SEED, numRuns: RANDOM_PER_OPERATION },
      )
    : [];
  for (const r of randomQueries)
    cases.push({ label: `random query ${JSON.stringify(r).slice(0, 60)}`, ...base, query: toQuery(r) });

  if (jsonBody) {
    const json = (label: string, value: unknown) =>
      cases.push({ label, ...base, body: JSON.stringify(value), contentType: "application/json" });
    const object = baseObject(jsonBody, resolve, SEED);
    json("body: every field at its first edge", object);
    for (const [key, property] of Object.entries(resolve(jsonBody).properties ?? {})) {
      const { valid, invalid } = edgeValues(property, resolve, SEED);
      for (const v of [...valid, ...invalid])
        json(`body ${key}=${JSON.stringify(v)?.slice(0, 40)}`, { ...object, [key]: v });
    }
    for (const r of fc.sample(arbitrary(jsonBody, resolve), { seed: SEED, numRuns: RANDOM_PER_OPERATION }))
      json("random body", r);
    json("body: empty object", {});
    json("body: an array", [object]);
    cases.push({ label: "body: malformed JSON", ...base, body: '{"unterminated": ', contentType: "application/json" });
  }
  if (cases.length <= MAX_CASES) return cases;
  const picked = fc.sample(fc.shuffledSubarray(cases, { minLength: MAX_CASES, maxLength: MAX_CASES }), {
    seed: SEED,
    numRuns: 1,
  })[0];
  return [cases[0] as Case, ...(picked ?? [])];
}

function documentedStatus(operation: Operation, status: number): string | undefined {
  const responses = operation.responses ?? {};
  return [String(status), `${String(status)[0]}XX`, "default"].find((s) => s in responses);
}

const operations = Object.entries(adminView.paths ?? {}).flatMap(([path, item]) =>
  METHODS.flatMap((method) => (item?.[method] ? [{ method, path, operation: item[method] as Operation }] : [])),
);

const ownsSession = (path: string) => path.startsWith("/api/me") || path.startsWith("/api/auth");

describe(`the document-driven fuzz (seed ${SEED})`, () => {
  it("covers every documented operation", () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    "%s",
    async (_name, { method, path, operation }) => {
      const problems: string[] = [];
      const cases = casesFor(path, operation);
      const admin = await adminHeaders();
      for (const [index, c] of cases.entries()) {
        // Account routes get a fresh admin each case: a case may sign out, change the password or delete the account.
        const headers: Record<string, string> = ownsSession(path) ? await adminHeaders() : { ...admin };
        // Each case from its own client address, so the per-client form limits do not answer every later case.
        headers["CF-Connecting-IP"] = `198.51.${(index >> 8) % 256}.${index % 256}`;
        if (c.contentType) headers["Content-Type"] = c.contentType;
        const query = new URLSearchParams(c.query).toString();
        const res = await api(`${c.path}${query ? `?${query}` : ""}`, {
          method: method.toUpperCase(),
          headers,
          body: c.body,
        });
        const status = res.status;
        const where = `${c.label} → ${status}`;
        if (status >= 500) {
          problems.push(`${where}: ${(await res.text()).slice(0, 200)}`);
          continue;
        }
        const documented = documentedStatus(operation, status);
        if (!documented) {
          problems.push(`${where}: status not documented (${(await res.text()).slice(0, 160)})`);
          continue;
        }
        const media = (operation.responses?.[documented] as OpenAPIV3_1.ResponseObject | undefined)?.content;
        const jsonSchema = media?.["application/json"]?.schema;
        if (!jsonSchema) continue;
        const text = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          problems.push(`${where}: documented as JSON, answered ${res.headers.get("Content-Type")}`);
          continue;
        }
        const validate = ajv.getSchema(
          `openapi#/${pointer("paths", path, method, "responses", documented, "content", "application/json", "schema")}`,
        );
        if (validate && !validate(body)) {
          problems.push(
            `${where}: body does not match the documented schema: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 200)}`,
          );
        }
      }
      expect(problems, `seed ${SEED}: ${cases.length} cases`).toEqual([]);
    },
    // The password routes hash with scrypt on every case: minutes, not the default 20 s, on a busy 2-core machine.
    300_000,
  );
});
