// Message catalogues (decision 270): a catalogue is a folder, locales/<locale>/<catalogue>/, of flat JSON files of
// ICU messages by id, one file per part of the site so people working on different parts do not edit one file.
// Imported as `…/locales/<locale>/<catalogue>?lingui`, it arrives as one object, compiled, so Lingui's runtime
// formats the messages without its parser. Vite (vite.message-catalogs.ts) and plain Node (catalogue-hooks.mjs,
// for the browser tests and benchmarks that render emails) both compile them here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

export const CATALOGUE_QUERY = "?lingui";

/** A catalogue folder's messages by id; a message that is not text, or an id two files define, throws. */
export function readCatalogue(dir) {
  const messages = {};
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

/** The catalogue compiled for Lingui's runtime; a message that does not parse throws with its id. */
export function compileCatalogue(dir) {
  return Object.fromEntries(
    Object.entries(readCatalogue(dir)).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${dir}: message "${id}" does not parse: ${error.message}`);
      }
    }),
  );
}

/** The ES module a `?lingui` import becomes. */
export const catalogueModule = (dir) => `export default ${JSON.stringify(compileCatalogue(dir))};`;
