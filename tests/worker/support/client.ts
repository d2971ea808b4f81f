import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ClientResponse } from "hono/client";
import { testClient } from "hono/testing";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { expect } from "vitest";
import type { SuccessBody } from "#contract/platform/success-body";
import { createApp } from "../../../worker/app";
import type { ErrorBody } from "../../../worker/platform/errors";

/**
 * The app through Hono's typed test client: paths, inputs and JSON answers are the routes' own types,
 * so a renamed route or field fails the worker typecheck here as it does in the web. Built by the one
 * app factory (every middleware, `notFound`, `onError`), with the test's bindings. Requests the API
 * contract does not describe (pages, malformed bodies, raw headers) go through `api` in helpers.ts.
 */
export const client = testClient(createApp(), env, createExecutionContext());

type AnyResponse = ClientResponse<unknown, number, string>;

/**
 * Expects the answer's status (200 unless given) and reads its body as the route's success type; a
 * different status fails the test with the answer's text, which says why.
 */
export async function ok<R extends AnyResponse>(
  response: R | Promise<R>,
  status: SuccessStatusCode = 200,
): Promise<SuccessBody<R>> {
  const res = await response;
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as SuccessBody<R>;
}

/** The `{ error: { code, message } }` of a refused request (ARCHITECTURE.md §5). */
export async function errorOf(response: AnyResponse | Response | Promise<AnyResponse | Response>) {
  return ((await (await response).json()) as ErrorBody).error;
}

/**
 * An input outside the route's schema, sent on purpose to check the answer to bad input (the typed
 * client would not compile it otherwise).
 */
export const unchecked = (value: unknown): never => value as never;
