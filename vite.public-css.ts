import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** Where the public pages' code starts: the Worker's renderer, the boot script and the island scheduler. */
const PUBLIC_ROOTS = ["web/ssr/render-page.tsx", "web/boot.ts", "web/islands/scheduler.ts"];
/** The admin's lazily loaded shell: the router names it, but no public page ever renders it. */
const ADMIN_SHELL = "web/app/admin-shell.tsx";
const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** A relative import as a repository path (`web/...`), or null when it leaves web/ or names no source file. */
function resolve(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec.replace(/\?.*$/, "")));
  if (!base.startsWith("web/")) return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/**
 * Every web/ module a public page can render or load (decision 240): from the Worker's renderer, the boot script
 * and the island scheduler, following static and dynamic imports, but not into a page the browser renders
 * (`render: "browser"`: the admin, My Progress, previews) nor into the admin's shell. Tailwind scans these
 * files, and only these, for the public pages' stylesheet, so a component added to a public page is in it
 * without a list to keep.
 */
export function publicModules(root: string): string[] {
  const seen = new Set<string>();
  const queue = [...PUBLIC_ROOTS];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || file === ADMIN_SHELL) continue;
    const source = readFileSync(path.join(root, file), "utf8");
    if (file.endsWith(".page.ts") && /\brender:\s*"browser"/.test(source)) continue;
    seen.add(file);
    for (const [, spec] of source.replace(/^\s*\/\/.*$/gm, "").matchAll(SPEC)) {
      const target = spec ? resolve(root, file, spec) : null;
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].sort();
}

/** The public pages' stylesheet: its entry in the browser build (`clientInput`). */
export const PUBLIC_CSS = "web/public.css";
/** Where the public stylesheet names its sources; the plugin fills it in. */
const SOURCES_MARK = "/* @public-sources */";

/**
 * The public pages' stylesheet and page shell (decision 240).
 * - `web/public.css` has the site's design (web/theme.css) and Tailwind with no automatic sources; this plugin
 *   writes an `@source` line for each of `publicModules()` where it is marked, before Tailwind reads it. So the
 *   utilities only the admin and the signed-in screens use stay out of the public pages.
 * - After the build, `public.html` is written beside index.html: the same document (head, boot script) with the
 *   public stylesheet inlined instead of the app's. The Worker renders public pages into it (web/ssr); the
 *   single-page app keeps index.html and its full stylesheet. The public stylesheet is not served as a file.
 */
export const publicStylesheet = (root: string): Plugin => ({
  name: "public-stylesheet",
  enforce: "pre",
  transform(code, id) {
    if (path.resolve(id.replace(/\?.*$/, "")) !== path.join(root, PUBLIC_CSS)) return;
    if (!code.includes(SOURCES_MARK)) throw new Error(`public-stylesheet: ${PUBLIC_CSS} lost its ${SOURCES_MARK} line`);
    const sources = publicModules(root).map((file) => `@source "${path.posix.relative("web", file)}";`);
    return { code: code.replace(SOURCES_MARK, sources.join("\n")), map: null };
  },
  generateBundle: {
    order: "post",
    handler(_, bundle) {
      const index = bundle["index.html"];
      if (!index) return;
      const css = Object.values(bundle).find(
        (file) =>
          file.type === "asset" && file.fileName.endsWith(".css") && file.originalFileNames.includes(PUBLIC_CSS),
      );
      if (index.type !== "asset" || css?.type !== "asset")
        throw new Error("public-stylesheet: the build has no index.html or no public stylesheet");
      const html = String(index.source);
      const styles = html.match(/<style>[\s\S]*?<\/style>/g) ?? [];
      if (styles.length !== 1)
        throw new Error(`public-stylesheet: index.html has ${styles.length} <style> elements, not 1`);
      this.emitFile({
        type: "asset",
        fileName: "public.html",
        source: html.replace(styles[0], () => `<style>${String(css.source)}</style>`),
      });
      delete bundle[css.fileName];
    },
  },
});
