import type { ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";

/**
 * The JSON body a typed-client call (Hono's `hc` / `testClient`) answers with on success; error
 * answers are not part of it. Shared by the web's client and the Worker tests.
 */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends "json"
        ? T
        : never
      : never
    : never;
