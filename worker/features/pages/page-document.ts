import { type RenderedPage, SERVER_STATE_ID } from "#contract/pages/render-contract";

const ROOT = '<div id="root"></div>';

/**
 * The built index.html (its head already carries the page's meta tags) with the rendered app streamed
 * into #root and the client's start-up state after it, in a JSON script (never executed, so the
 * script-src 'self' policy holds).
 */
export function pageDocument(shellHtml: string, page: RenderedPage): ReadableStream<Uint8Array> {
  const at = shellHtml.indexOf(ROOT);
  if (at < 0) throw new Error("index.html has no empty #root to render into");
  const encoder = new TextEncoder();
  const head = encoder.encode(`${shellHtml.slice(0, at)}<div id="root">`);
  const tail = encoder.encode(
    `</div><script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>${shellHtml.slice(at + ROOT.length)}`,
  );
  const app = page.html.getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
        return;
      }
      const { done, value } = await app.read();
      if (!done) {
        controller.enqueue(value);
        return;
      }
      controller.enqueue(tail);
      controller.close();
    },
    cancel(reason) {
      return app.cancel(reason);
    },
  });
}
