import { z } from "zod";

/**
 * GET /api/openapi.json (decision 179): an OpenAPI 3.1 document. Its parts are the standard's own shapes
 * (openapi-types), so only the top level is spelled out here.
 */
export const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
});
