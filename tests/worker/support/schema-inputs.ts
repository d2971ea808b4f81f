import fc from "fast-check";

/**
 * Inputs made from the published document's own JSON Schemas (decision 179): for each schema the values at its
 * edges (empty and longest strings, multi-byte text, LIKE/GLOB wildcards, numeric bounds, longest arrays), values
 * just past them, and seeded random values from fast-check. Used by the contract fuzz.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  /** Not JSON Schema: the patterns of a schema and its `allOf` members, once edgeValues has merged them. */
  patterns?: string[];
};

export type Resolve = (schema: JsonSchema) => JsonSchema;

/** Longest text we send where a schema sets no maximum: past every field's rule, within the body limits. */
const UNBOUNDED = 2_000;
/** What a visitor pastes: wildcards of LIKE and GLOB, quotes, a URL, multi-byte text. */
const NASTY = ["%_\\*?[]", "' OR 1=1 --", "https://example.org/a?b=c&d=%20", "🌱 Café Ünïcode 海"];

const types = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const members = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? [])];

function clip(text: string, s: JsonSchema): string {
  const max = s.maxLength ?? UNBOUNDED;
  const min = s.minLength ?? 0;
  const cut = [...text].slice(0, max).join("");
  return cut.length >= min ? cut : cut.padEnd(min, "a");
}

/** Every pattern a string must match: its own and those of its `allOf` members (zod writes one per `.regex`). */
const patternsOf = (s: JsonSchema): string[] =>
  s.patterns ?? [s.pattern, ...(s.allOf ?? []).map((m) => m.pattern)].filter((p): p is string => p !== undefined);

/** A string the schema's own keywords allow: every pattern, the lengths. */
const fitsString = (s: JsonSchema, v: string) => patternsOf(s).every((p) => new RegExp(p).test(v)) && clip(v, s) === v;

function stringEdges(s: JsonSchema, seed: number): { valid: unknown[]; invalid: unknown[] } {
  const patterns = patternsOf(s);
  if (patterns.length) {
    // Samples of each pattern and the format's own value, kept where they match every pattern and length.
    const samples = patterns.flatMap((p) => fc.sample(fc.stringMatching(new RegExp(p)), { seed, numRuns: 4 }));
    const formatted = s.format ? stringEdges({ ...s, pattern: undefined, patterns: undefined }, seed).valid : [];
    const valid = [...formatted, ...samples].filter((v) => typeof v === "string" && fitsString(s, v));
    return { valid: [...new Set(valid)], invalid: ["", "not matching ✗", 42] };
  }
  if (s.format === "email") {
    const long = `${"a".repeat(Math.max(1, (s.maxLength ?? 254) - 12))}@example.org`;
    return { valid: ["someone@example.org", long], invalid: ["not-an-email", `${long}x`, ""] };
  }
  if (s.format === "uri" || s.format === "url") {
    return { valid: ["https://example.org/path?q=1"], invalid: ["not a url", "javascript:alert(1)"] };
  }
  if (s.format === "date-time") return { valid: [new Date().toISOString()], invalid: ["yesterday"] };
  if (s.format === "date") return { valid: ["2027-01-15"], invalid: ["2027-13-45"] };
  const max = s.maxLength ?? UNBOUNDED;
  const min = s.minLength ?? 0;
  const valid = [
    "a".repeat(Math.max(min, 1)),
    "a".repeat(max),
    clip("é".repeat(max), s),
    ...NASTY.map((t) => clip(t, s)),
    clip(`${"word ".repeat(max)}`, s),
  ];
  if (min === 0) valid.push("");
  const invalid: unknown[] = [12, true];
  if (s.maxLength !== undefined) invalid.push("b".repeat(s.maxLength + 1));
  if (min > 0) invalid.push("a".repeat(min - 1));
  return { valid, invalid };
}

function numberEdges(s: JsonSchema, integer: boolean): { valid: unknown[]; invalid: unknown[] } {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
  const valid = [
    low ?? 0,
    high ?? 1_000_000,
    low !== undefined && high !== undefined ? Math.floor((low + high) / 2) : 1,
  ];
  const invalid: unknown[] = [
    "abc",
    ...(low !== undefined ? [low - 1] : []),
    ...(high !== undefined ? [high + 1] : []),
  ];
  if (integer) invalid.push(1.5);
  else valid.push(0.5);
  return { valid, invalid };
}

/** The edge values of a schema: `valid` by the document, `invalid` just past a rule. */
export function edgeValues(
  schema: JsonSchema,
  resolve: Resolve,
  seed: number,
  depth = 0,
): { valid: unknown[]; invalid: unknown[] } {
  const s = resolve(schema);
  if (s.const !== undefined) return { valid: [s.const], invalid: ["not-the-constant"] };
  if (s.enum) return { valid: s.enum, invalid: ["not-a-listed-value"] };
  if (s.allOf?.length) {
    // The schema's own keywords with its members': a string keeps each member's pattern (stringEdges checks all).
    const parts = s.allOf.map(resolve);
    const merged: JsonSchema = Object.assign({}, s, ...parts, { allOf: undefined, patterns: patternsOf(s) });
    return edgeValues(merged, resolve, seed, depth);
  }
  if (members(s).length) {
    const parts = members(s).map((m) => edgeValues(m, resolve, seed, depth));
    return { valid: parts.flatMap((p) => p.valid), invalid: [] };
  }
  const t = types(s);
  const valid: unknown[] = [];
  const invalid: unknown[] = [];
  const add = (e: { valid: unknown[]; invalid: unknown[] }) => {
    valid.push(...e.valid);
    invalid.push(...e.invalid);
  };
  if (t.includes("null")) valid.push(null);
  if (t.includes("string")) add(stringEdges(s, seed));
  if (t.includes("integer")) add(numberEdges(s, true));
  else if (t.includes("number")) add(numberEdges(s, false));
  if (t.includes("boolean")) add({ valid: [true, false], invalid: ["yes"] });
  if (t.includes("array") && depth < 3) {
    const item = s.items ? edgeValues(s.items, resolve, seed, depth + 1).valid : ["x"];
    const longest = Math.min(s.maxItems ?? 50, 200);
    add({
      valid: [
        ...((s.minItems ?? 0) === 0 ? [[]] : []),
        item.slice(0, 1),
        Array.from({ length: longest }, (_, i) => item[i % item.length]),
      ],
      invalid: [
        "not-an-array",
        ...(s.maxItems !== undefined ? [Array.from({ length: s.maxItems + 1 }, () => item[0])] : []),
      ],
    });
  }
  if ((t.includes("object") || s.properties) && depth < 3) {
    const base = baseObject(s, resolve, seed, depth + 1);
    add({ valid: [base], invalid: ["not-an-object", ...(s.required?.length ? [{}] : [])] });
  }
  if (t.length === 0 && !s.properties) valid.push("anything");
  return { valid, invalid };
}

/** An object with every property set to its first valid edge value. */
export function baseObject(schema: JsonSchema, resolve: Resolve, seed: number, depth = 0): Record<string, unknown> {
  const s = resolve(schema);
  const object: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    const { valid } = edgeValues(property, resolve, seed, depth);
    const plain = valid.find((v) => v !== null && v !== "");
    if (plain !== undefined || s.required?.includes(key)) object[key] = plain ?? valid[0];
  }
  return object;
}

/** A fast-check arbitrary of the values a schema allows, for seeded random inputs. */
export function arbitrary(schema: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (members(s).length) return fc.oneof(...members(s).map((m) => arbitrary(m, resolve, depth)));
  const options: fc.Arbitrary<unknown>[] = [];
  const t = types(s);
  if (t.includes("null")) options.push(fc.constant(null));
  if (t.includes("string")) {
    if (s.pattern) options.push(fc.stringMatching(new RegExp(s.pattern)).filter((v) => clip(v, s) === v));
    else if (s.format === "email") options.push(fc.emailAddress());
    else if (s.format === "uri" || s.format === "url") options.push(fc.webUrl());
    else if (s.format === "date-time") options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
    else
      options.push(
        fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 200, 400), unit: "grapheme" }),
      );
  }
  if (t.includes("integer")) options.push(fc.integer({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6 }));
  else if (t.includes("number"))
    options.push(fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }));
  if (t.includes("boolean")) options.push(fc.boolean());
  if (t.includes("array") && depth < 3)
    options.push(
      fc.array(s.items ? arbitrary(s.items, resolve, depth + 1) : fc.string(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 10),
      }),
    );
  if ((t.includes("object") || s.properties) && depth < 3) {
    const props = Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([k, v]) => [k, arbitrary(v, resolve, depth + 1)]),
    );
    options.push(fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) }));
  }
  return options.length ? fc.oneof(...options) : fc.constant("anything");
}
