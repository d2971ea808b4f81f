import { readFileSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * Message catalogues (locales/<locale>/<catalogue>.json: a flat object of ICU messages by id) imported with
 * `?lingui` arrive compiled: Lingui's runtime then formats them without its message parser, in the browser and in
 * the Worker (decision 270). A message that does not parse fails the build and the tests, naming its id.
 * Shared by vite.config.ts and every vitest project, so the tests see what the site ships.
 */
export function compileCatalogue(source: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: message "${id}" does not parse: ${(error as Error).message}`);
      }
    }),
  );
}

export const messageCatalogs = (): Plugin => ({
  name: "message-catalogs",
  enforce: "pre",
  load(id) {
    const [file, query] = id.split("?");
    if (query !== "lingui" || !file?.endsWith(".json")) return;
    this.addWatchFile(file);
    const compiled = compileCatalogue(readFileSync(file, "utf8"), file);
    return { code: `export default ${JSON.stringify(compiled)};`, map: null };
  },
});
