import type { OpenAPIV3_1 } from "openapi-types";

/** A schema as the document holds it: any of JSON Schema's keywords, or a $ref to a named one. */
type Schema = OpenAPIV3_1.NonArraySchemaObject &
  Partial<OpenAPIV3_1.ReferenceObject> & { const?: unknown; examples?: unknown[]; items?: Schema };
type Components = OpenAPIV3_1.ComponentsObject;

/** What a string of a JSON Schema `format` looks like (the formats zod and our rule steps write). */
const BY_FORMAT: Record<string, string> = {
  email: "someone@example.org",
  date: "2027-01-04",
  "date-time": "2027-01-04T15:00:00Z",
  uri: "https://example.org/",
  uuid: "0b6f3a52-3c1e-4c5e-9a55-2f3d6e1c7a90",
  binary: "(the file's bytes)",
};

/** No example is made past this depth (a recursive schema). */
const MAX_DEPTH = 16;

/**
 * An example value of a schema, composed from what the schema says (issue 47: an example for each operation):
 * its own `examples` (named components and rule steps carry hand-written ones), else `const`, the first `enum`
 * member, `default`, a value of its `format`, or one of its type within its bounds. Undefined when no value can be
 * told (a `pattern` with no example): the operation then goes without rather than with a wrong one. Every example
 * is checked against its schema in tests/worker/openapi.test.ts.
 */
export function exampleOf(schema: Schema | undefined, components: Components, depth = 0): unknown {
  if (!schema || depth > MAX_DEPTH) return undefined;
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    return exampleOf(components.schemas?.[name] as Schema | undefined, components, depth + 1);
  }
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const members = (schema.anyOf ?? schema.oneOf ?? []) as Schema[];
  if (members.length) {
    // The most telling member first: a value over "" or null (a form's blank is the least useful example).
    const told = members.map((m) => exampleOf(m, components, depth + 1)).filter((v) => v !== undefined);
    return told.find((v) => v !== null && v !== "") ?? told[0];
  }
  if (schema.allOf?.length && !schema.type) {
    const parts = (schema.allOf as Schema[]).map((m) => exampleOf(m, components, depth + 1));
    return parts.every((p) => p && typeof p === "object" && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return objectExample(schema, components, depth);
    case "array": {
      const item = exampleOf(schema.items, components, depth + 1);
      return item === undefined
        ? schema.minItems
          ? undefined
          : []
        : Array(Math.max(1, schema.minItems ?? 1)).fill(item);
    }
    case "string":
      return stringExample(schema);
    case "integer":
    case "number":
      return numberExample(schema);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return undefined;
  }
}

function objectExample(schema: Schema, components: Components, depth: number): unknown {
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const example = exampleOf(property as Schema, components, depth + 1);
    if (example === undefined) {
      if (schema.required?.includes(key)) return undefined;
      continue;
    }
    value[key] = example;
  }
  return value;
}

/** 1 where the bounds allow it (a count, a page), else the nearest bound. */
function numberExample(schema: Schema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 1);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Number(schema.exclusiveMaximum) - 1 : 1);
  return Math.min(Math.max(1, low), high);
}

function stringExample(schema: Schema): string | undefined {
  const patterns = [schema.pattern, ...((schema.allOf ?? []) as Schema[]).map((m) => m.pattern)].filter(Boolean);
  const formatted = schema.format ? BY_FORMAT[schema.format] : undefined;
  if (formatted !== undefined)
    return patterns.every((p) => new RegExp(p as string).test(formatted)) ? formatted : undefined;
  const text = "text".padEnd(schema.minLength ?? 0, "x").slice(0, schema.maxLength ?? 4);
  return patterns.every((p) => new RegExp(p as string).test(text)) && text.length >= (schema.minLength ?? 0)
    ? text
    : undefined;
}
