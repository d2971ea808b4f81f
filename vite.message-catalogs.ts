import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * A message catalogue is a folder, locales/<locale>/<catalogue>/, of flat JSON files of ICU messages by id, one
 * file per part of the site so people working on different parts do not edit one file. Imported as
 * `…/locales/<locale>/<catalogue>?lingui`, it arrives as one object, compiled: Lingui's runtime then formats the
 * messages without its parser, in the browser and in the Worker (decision 270). A message that does not parse, or an
 * id two files both define, fails the build and the tests. Shared by vite.config.ts and every vitest project.
 */
export function readCatalogue(dir: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    for (const [id, message] of Object.entries(JSON.parse(readFileSync(path.join(dir, file), "utf8")))) {
      if (id in messages) throw new Error(`${dir}: message "${id}" is defined twice (${file})`);
      if (typeof message !== "string") throw new Error(`${dir}/${file}: message "${id}" is not text`);
      messages[id] = message;
    }
  }
  return messages;
}

export function compileCatalogue(dir: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(readCatalogue(dir)).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${dir}: message "${id}" does not parse: ${(error as Error).message}`);
      }
    }),
  );
}

const QUERY = "?lingui";
const PREFIX = "\0catalogue:";

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
    return { code: `export default ${JSON.stringify(compileCatalogue(dir))};`, map: null };
  },
});
