import path from "node:path";

/**
 * "@web/ssr" is the web app's server renderer (web/ssr/render-page.tsx), imported by the Worker.
 * Shared by vite.config.ts (build, dev) and vitest.config.ts (worker tests); the Worker's tsconfig
 * maps the same name to a declaration (worker/features/pages/web-renderer.d.ts).
 */
export const ssrAlias = (root: string) => ({ "@web/ssr": path.join(root, "web/ssr/render-page.tsx") });
