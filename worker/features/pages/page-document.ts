import { type RenderedPage, SERVER_STATE_ID } from "#contract/pages/render-contract";

const ROOT = '<div id="root"></div>';

/**
 * The built index.html (its head already carries the page's meta tags) with the rendered app in #root and
 * the client's start-up state after it, in a JSON script (never executed, so the script-src 'self' policy
 * holds). The root says the page is made of islands: web/boot.ts then hydrates those, not the whole app.
 */
export function pageDocument(shellHtml: string, page: RenderedPage): string {
  const at = shellHtml.indexOf(ROOT);
  if (at < 0) throw new Error("index.html has no empty #root to render into");
  return `${shellHtml.slice(0, at)}<div id="root" data-islands="">${page.html}</div><script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>${shellHtml.slice(at + ROOT.length)}`;
}
