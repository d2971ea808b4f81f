import type { MiddlewareHandler } from "hono";
import { type DescribeRouteOptions, resolver, uniqueSymbol } from "hono-openapi";
import type { output, ZodType } from "zod";

/** The shared error body's schema in the document (components.schemas.Error). */
export const ERROR_SCHEMA = { $ref: "#/components/schemas/Error" } as const;

/** An error answer: the shared `{ error: { code, message } }` body, with what it means here. */
export const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: ERROR_SCHEMA } },
});

/** A JSON answer whose body is `schema` (the handler builds it with `answer(schema, body)`). */
export const jsonAnswer = (schema: ZodType, description: string) => ({
  description,
  content: { "application/json": { schema: resolver(schema) } },
});

/**
 * A handler's JSON body, checked against the schema that documents it: `c.json(answer(schema, body), 201)`.
 * The typed web client reads the route's type from it, so the document, the client and the code agree, and
 * the contract tests validate every real answer against the same schema (decision 179).
 */
export const answer = <S extends ZodType>(_schema: S, body: output<S>): output<S> => body;

/** A body that is not JSON (a calendar, a CSV file, an image), described by its media type. */
export const fileAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: { type: "string" as const } } },
});

/**
 * Documents what a middleware adds to every operation that uses it (its security, its error answers), so a
 * guard or a limit is described once, where it is written.
 */
// biome-ignore lint/suspicious/noExplicitAny: any middleware's own Env and path types are kept as they are.
export function documents<M extends MiddlewareHandler<any, any, any>>(middleware: M, spec: DescribeRouteOptions): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}

/**
 * Rules across fields, which JSON Schema cannot state (a keyword needs a ZIP; an end after its start): the operation
 * lists each by the message a request breaking it is refused with (`x-rules`), and the document says them in its
 * description, so an integrator and a contract runner know such a request is not valid (issue 47).
 */
export const crossFieldRules = (...messages: string[]) => ({ "x-rules": messages });
