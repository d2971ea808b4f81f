import type { Plugin } from "vite";
import { PUBLIC_CSS } from "./vite.public-css.ts";

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html with Vite's entry script and modulepreload links replaced by the boot script,
 * which names them in `data-app` and `data-preload` and loads them after the first paint (web/boot.ts,
 * decision 175), and names the island scheduler in `data-islands` (decision 205). Throws when the document has
 * no entry script, so a changed Vite output fails the build rather than shipping a page that never starts.
 */
export function bootDocument(html: string, files: { boot: string; islands: string }): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) throw new Error("start-after-first-paint: index.html has no entry script");
  const preloads: string[] = [];
  const rest = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  return rest.replace(
    entry[0],
    `<script type="module" src="/${files.boot}" data-islands="/${files.islands}" data-app="${entry[1]}" data-preload="${preloads.join(" ")}"></script>`,
  );
}

/**
 * The browser build's entries: the page and, beside it, the boot script (which imports nothing) and the island
 * scheduler. The scheduler is an entry, named in the page, rather than an import of the boot script: imported, it
 * brought Vite's preload helper into the boot script, one more request before the first paint and a preload link
 * per chunk in its after-paint task (issue 30).
 */
export const clientInput = {
  index: "index.html",
  boot: "web/boot.ts",
  islands: "web/islands/scheduler.ts",
  // The public pages' stylesheet, inlined into public.html (vite.public-css.ts, decision 240).
  public: PUBLIC_CSS,
};

/**
 * The app starts after the first paint: the browser build has web/boot.ts as a second entry
 * (`clientInput`), and the built index.html loads only that (`bootDocument`). The app's own chunks are
 * built exactly as before.
 */
export const startAfterFirstPaint = (): Plugin => ({
  name: "start-after-first-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, ctx) {
      const entry = (source: string) => {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === "chunk" && c.isEntry && c.facadeModuleId?.endsWith(source),
        );
        if (!chunk) throw new Error(`start-after-first-paint: the build has no chunk for ${source}`);
        return chunk.fileName;
      };
      return bootDocument(html, { boot: entry(clientInput.boot), islands: entry(clientInput.islands) });
    },
  },
});
