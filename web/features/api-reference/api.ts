import { queryOptions } from "@tanstack/react-query";
import type { OpenAPIV3_1 } from "openapi-types";
import { api, signedInApi, withSignal } from "../../lib/api";

/** The public document's address, for a plain link. */
export const openApiDocumentPath = api.api["openapi.json"].$path();

/**
 * The OpenAPI document (admins get the admin routes too). Its type is the OpenAPI standard's: the
 * route sends it as text rather than an inferred JSON shape.
 */
export const openApiDocumentQuery = () =>
  queryOptions({
    queryKey: ["admin", "openapi"] as const,
    queryFn: async ({ signal }) =>
      (await (
        await signedInApi.api["openapi.json"].$get(undefined, withSignal(signal))
      ).json()) as OpenAPIV3_1.Document,
    staleTime: 0,
  });
