import { getConfig } from "../../platform/config";
import type { AppEnv } from "../../platform/env";
import { devFixtureRoutes } from "./dev-fixtures/routes";
import { publicOnly } from "./http";
import type { SourceConfig, SourceFetch } from "./types";

/**
 * Fixture mode (decision 046): in development, unless INGESTION_FIXTURES=false, sources are
 * read from the local fixture routes instead of the internet. The request keeps its query (page
 * numbers) and is answered in-process by the same handler that serves /dev/fixtures over HTTP.
 */
export function usesFixtures(env: AppEnv): boolean {
  const config = getConfig(env);
  return config.ENVIRONMENT === "development" && config.INGESTION_FIXTURES !== "false";
}

/**
 * The fetch a source run uses. Real sources: the network, public http(s) targets only (decision 180).
 * Fixture mode: no network at all; the request is answered in-process by the development-only
 * fixture routes, whatever host the source names.
 */
export function sourceFetch(env: AppEnv, source: SourceConfig): SourceFetch {
  if (!usesFixtures(env)) return publicOnly((input, init) => fetch(input, init));
  return (input, init) => {
    const original = new URL(input instanceof Request ? input.url : String(input));
    // localhost: the fixture sub-app answers only development requests to this machine (dev-only.ts).
    const target = new URL(`http://localhost/ingestion/${encodeURIComponent(source.key)}${original.search}`);
    return Promise.resolve(devFixtureRoutes.fetch(new Request(target, init), env));
  };
}
