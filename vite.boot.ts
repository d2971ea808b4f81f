import type { Plugin } from "vite";

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html with Vite's entry script and modulepreload links replaced by the boot script,
 * which names them in `data-app` and `data-preload` and loads them after the first paint (web/boot.ts,
 * decision 175). Throws when the document has no entry script, so a changed Vite output fails the build
 * rather than shipping a page that never starts.
 */
export function bootDocument(html: string, bootFile: string): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) throw new Error("start-after-first-paint: index.html has no entry script");
  const preloads: string[] = [];
  const rest = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  return rest.replace(
    entry[0],
    `<script type="module" src="/${bootFile}" data-app="${entry[1]}" data-preload="${preloads.join(" ")}"></script>`,
  );
}

/** The browser build's entries: the page and, beside it, the boot script (which imports nothing of the app). */
export const clientInput = { index: "index.html", boot: "web/boot.ts" };

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
      const boot = Object.values(ctx.bundle ?? {}).find(
        (c) => c.type === "chunk" && c.isEntry && c.facadeModuleId?.endsWith(clientInput.boot),
      );
      if (!boot) throw new Error("start-after-first-paint: the build has no boot chunk");
      return bootDocument(html, boot.fileName);
    },
  },
});
