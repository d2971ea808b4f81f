import { readdirSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { catalogueModule, CATALOGUE_QUERY as QUERY } from "./scripts/catalogues.mjs";

const PREFIX = "\0catalogue:";

/**
 * `…/locales/<locale>/<catalogue>?lingui` imports as compiled catalogues (scripts/catalogues.mjs, decision 270), with
 * the folder watched. A message that does not parse, or an id two files both define, fails the build and the tests.
 * Shared by vite.config.ts and every vitest project.
 */
export const messageCatalogs = (): Plugin => ({
  name: "message-catalogs",
  enforce: "pre",
  resolveId(source, importer) {
    if (!source.endsWith(QUERY) || !importer) return;
    const dir = path.resolve(path.dirname(importer.replace(/\?.*$/, "")), source.slice(0, -QUERY.length));
    return `${PREFIX}${dir}`;
  },
  load(id) {
    if (!id.startsWith(PREFIX)) return;
    const dir = id.slice(PREFIX.length);
    this.addWatchFile(dir);
    for (const file of readdirSync(dir)) this.addWatchFile(path.join(dir, file));
    return { code: catalogueModule(dir), map: null };
  },
});
