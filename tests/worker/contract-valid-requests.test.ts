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
 * The other half of the document-driven fuzz (contract-fuzz.test.ts sends edges, values past them and hostile
 * strings; issue 47): requests that the published document calls VALID — every parameter and body field at each
 * of its valid edges (shortest, longest, bounds, every enum member) and seeded random values, each checked
 * against the document with ajv before it is sent — must not be refused as invalid (400 or 422). An integrator's
 * generated client or a contract runner (Portman, Schemathesis) builds exactly such requests from the document;
 * a 400 `validation_error` here means the document is looser than the server's rule. Other refusals are the
 * server's to give: 401/403 (no access), 404 for an id that names nothing (documented), 409 (state), 429 (limits),
 * and a 400 with its own code for a well-formed value that names nothing or is wrong (a TOTP code that is not
 * the current one, a link token that was never issued, a cursor from no answer, a ZIP the table lacks).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const RANDOM_PER_PART = 3;
/** A bound on the cases of one operation, chosen by the seed when a form has more. */
const MAX_CASES = 40;
const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const REFUSED_AS_INVALID = new Set([400, 422]);
/** The code of a request refused by its schema (worker/platform/validate.ts); every other 400 has its own. */
const SCHEMA_REFUSAL = "validation_error";

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject & { schema?: JsonSchema };
type Case = { label: string; path: string; query: Record<string, unknown>; body?: unknown; form?: FormData };

/** A 1×1 PNG: what a `format: binary` image field of a multipart body gets. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

const adminView = await (async () => {
  const res = await api("/api/openapi.json", { headers: await adminHeaders() });
  return (await res.json()) as Document;
})();

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addSchema(adminView as object, "openapi");
const pointer = (...parts: (string | number)[]) =>
  parts.map((p) => String(p).replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
const schemaAt = (...parts: (string | number)[]) => {
  const validate = ajv.getSchema(`openapi#/${pointer(...parts)}`);
  if (!validate) throw new Error(`no schema at ${parts.join("/")}`);
  return validate;
};

const resolve = (schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return resolve((adminView.components?.schemas?.[name] ?? {}) as JsonSchema);
};

/** Ids of real rows, so valid requests reach the handlers' success answers, not only 404s. */
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
  realIds.push(action.id, action.slug, event.id, submission.id, subscriber.id, user.id, ...petitions.map((p) => p.id));
});

/** The values the document allows for a schema: its valid edges, then seeded random ones. */
const validValues = (schema: JsonSchema): unknown[] => [
  ...edgeValues(schema, resolve, SEED).valid,
  ...fc.sample(arbitrary(schema, resolve), { seed: SEED, numRuns: RANDOM_PER_PART }),
];

const toQuery = (values: Record<string, unknown>): [string, string][] =>
  Object.entries(values).flatMap(([k, v]) =>
    v === undefined || v === null
      ? []
      : Array.isArray(v)
        ? v.map((x) => [k, String(x)] as [string, string])
        : [[k, typeof v === "object" ? JSON.stringify(v) : String(v)]],
  );

/** Requests the document calls valid for one operation, each checked by ajv against the document. */
function validCases(path: string, method: string, operation: Operation): { cases: Case[]; generated: number } {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const where = (p: Parameter) => parameters.indexOf(p);
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  const bodyIsJson = Boolean(
    (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.["application/json"]?.schema,
  );
  const bodyPointer = ["paths", path, method, "requestBody", "content", "application/json", "schema"];
  const bodySchema = bodyIsJson ? (resolve(schemaAt(...bodyPointer).schema as JsonSchema) as JsonSchema) : undefined;

  const queryValid = (p: Parameter, v: unknown) => schemaAt("paths", path, method, "parameters", where(p), "schema")(v);
  const queryOk = (q: Record<string, unknown>) =>
    queryParams.every((p) => (q[p.name] === undefined ? !p.required : queryValid(p, q[p.name])));
  const bodyOk = (b: unknown) => !bodyIsJson || schemaAt(...bodyPointer)(b);

  // Each path parameter over the real ids whose form the document allows (a `.ics` file name gets its suffix).
  const idsFor = (p: Parameter) =>
    realIds
      .flatMap((id) => [id, `${id}.ics`])
      .filter((v) => schemaAt("paths", path, method, "parameters", where(p), "schema")(v));
  const paths =
    pathParams.length === 0
      ? [path]
      : (idsFor(pathParams[0] as Parameter).map((id) =>
          path.replace(/\{(\w+)\}/g, (_, name: string) => {
            const p = pathParams.find((x) => x.name === name) as Parameter;
            return p === pathParams[0] ? id : (idsFor(p)[0] ?? id);
          }),
        ) as string[]);

  const firstValid = (p: Parameter) => validValues(p.schema ?? {}).find((v) => queryValid(p, v));
  const baseQuery = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, firstValid(p)]));
  const baseBody = bodySchema ? baseObject(bodySchema, resolve, SEED) : undefined;

  const candidates: Case[] = [];
  const form = multipartForm(operation);
  const base = { path: paths[0] ?? path, query: baseQuery, body: baseBody, ...(form ? { form } : {}) };
  candidates.push({ label: "required parts at their first valid value", ...base });
  for (const p of paths.slice(1)) candidates.push({ label: `path ${p}`, ...base, path: p });
  for (const p of queryParams)
    for (const v of validValues(p.schema ?? {}))
      candidates.push({
        label: `query ${p.name}=${JSON.stringify(v)?.slice(0, 50)}`,
        ...base,
        query: { ...baseQuery, [p.name]: v },
      });
  if (queryParams.length) {
    const record = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitrary(p.schema ?? {}, resolve)])), {
      requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    });
    for (const q of fc.sample(record, { seed: SEED, numRuns: RANDOM_PER_PART }))
      candidates.push({ label: `random query ${JSON.stringify(q).slice(0, 80)}`, ...base, query: q });
  }
  if (bodySchema && baseBody) {
    for (const [key, property] of Object.entries(bodySchema.properties ?? {}))
      for (const v of edgeValues(property, resolve, SEED).valid)
        candidates.push({
          label: `body ${key}=${JSON.stringify(v)?.slice(0, 50)}`,
          ...base,
          body: { ...baseBody, [key]: v },
        });
    for (const b of fc.sample(arbitrary(bodySchema, resolve), { seed: SEED, numRuns: RANDOM_PER_PART }))
      candidates.push({ label: `random body ${JSON.stringify(b).slice(0, 80)}`, ...base, body: b });
  }
  const cases = candidates.filter((c) => queryOk(c.query) && bodyOk(c.body));
  if (cases.length <= MAX_CASES) return { cases, generated: candidates.length };
  const picked = fc.sample(
    fc.shuffledSubarray(cases.slice(1), { minLength: MAX_CASES - 1, maxLength: MAX_CASES - 1 }),
    {
      seed: SEED,
      numRuns: 1,
    },
  )[0];
  return { cases: [cases[0] as Case, ...(picked ?? [])], generated: candidates.length };
}

const errorOf = (text: string): { code?: string; message?: string } | undefined => {
  try {
    return (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
  } catch {
    return undefined;
  }
};

/** A multipart body with each required field: a binary one gets a small image, a text one its first valid value. */
function multipartForm(operation: Operation): FormData | undefined {
  const schema = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.["multipart/form-data"]
    ?.schema as JsonSchema | undefined;
  if (!schema) return undefined;
  const form = new FormData();
  for (const name of schema.required ?? []) {
    const field = resolve(schema.properties?.[name] ?? {});
    if (field.format === "binary") form.set(name, new File([PNG], "leaf.png", { type: "image/png" }));
    else form.set(name, String(validValues(field)[0] ?? ""));
  }
  return form;
}

/** The rules across fields an operation states (`x-rules`, by the message a request breaking one is refused with). */
const crossFieldRules = (operation: Operation): string[] =>
  ((operation as Operation & { "x-rules"?: string[] })["x-rules"] ?? []).map(String);

const operations = Object.entries(adminView.paths ?? {}).flatMap(([path, item]) =>
  METHODS.flatMap((method) => (item?.[method] ? [{ method, path, operation: item[method] as Operation }] : [])),
);

const ownsSession = (path: string) => path.startsWith("/api/me") || path.startsWith("/api/auth");
const takesInput = (operation: Operation) =>
  Boolean(operation.requestBody) || (operation.parameters ?? []).some((p) => "in" in p && p.in !== "header");

describe(`valid requests generated from the document (seed ${SEED})`, () => {
  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    "%s",
    async (_name, { method, path, operation }) => {
      const { cases, generated } = validCases(path, method, operation);
      // The generator must find valid requests where the operation takes input, or this test proves nothing.
      if (takesInput(operation)) expect(cases.length, `${generated} generated, none valid`).toBeGreaterThan(0);
      const refused: string[] = [];
      const rules = crossFieldRules(operation);
      const admin = await adminHeaders();
      for (const [index, c] of cases.entries()) {
        const headers: Record<string, string> = ownsSession(path) ? await adminHeaders() : { ...admin };
        // Each case from its own client address, so the per-client form limits do not answer every later case.
        headers["CF-Connecting-IP"] = `203.0.${(index >> 8) % 256}.${index % 256}`;
        if (c.body !== undefined) headers["Content-Type"] = "application/json";
        const query = new URLSearchParams(toQuery(c.query)).toString();
        const res = await api(`${c.path}${query ? `?${query}` : ""}`, {
          method: method.toUpperCase(),
          headers,
          body: c.form ?? (c.body === undefined ? undefined : JSON.stringify(c.body)),
        });
        const text = await res.text();
        const refusal = REFUSED_AS_INVALID.has(res.status) ? errorOf(text) : undefined;
        // A documented rule across fields (which JSON Schema cannot state) is broken by a request that breaks it.
        const documented = refusal?.message !== undefined && rules.includes(refusal.message);
        if ((refusal?.code === SCHEMA_REFUSAL && !documented) || res.status >= 500)
          refused.push(`${c.label} → ${res.status} ${text.slice(0, 200)}`);
      }
      expect(refused, `seed ${SEED}: ${cases.length} valid cases`).toEqual([]);
    },
    300_000,
  );
});
