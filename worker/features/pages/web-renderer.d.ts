// The Worker's view of web/ssr/render-page.tsx (aliased as "@web/ssr" in vite.config.ts and
// vitest.config.ts). The Worker program cannot type-check React/DOM code, so it sees only this
// declaration; the web program checks the implementation against the same types.
import type { PageRoute, RenderPage } from "#contract/pages/render-contract";

export declare const renderPage: RenderPage;
export declare const PAGE_ROUTES: readonly PageRoute[];
