import { startWebFonts } from "./lib/web-fonts";

/**
 * The page's first script (decision 175). The Worker has already rendered the page, so the app's
 * code is requested only once the browser has painted it: fetched with the HTML, the scripts competed
 * with the document for a phone's bandwidth, and their evaluation held the first paint back. The
 * built index.html names the app's entry and the chunks it imports statically (vite.boot.ts); they are
 * preloaded together, so the app still arrives in one round trip. An island page's scheduler is named the
 * same way (`data-islands`, decision 210). Its only module is the web fonts' list, bundled in: no chunk of
 * its own to fetch before the first paint. The web fonts are added first, outside the wait, when the browser holds
 * them: from its cache they belong in the first layout. Else they are prefetched for the next page once this
 * page's code is in (decision 211). (`npm run dev` serves index.html as written, without this
 * script: web/main.tsx adds the fonts there.)
 */
function afterFirstPaint(): Promise<void> {
  // A hidden tab paints nothing: start at once.
  if (document.visibilityState === "hidden") return Promise.resolve();
  // A rAF callback runs just before a frame is painted; a task queued from it runs after that frame.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Starts the page's code after the first paint: the island scheduler, the app, or nothing. */
function startPage(): Promise<unknown> {
  const script = document.querySelector<HTMLScriptElement>("script[data-app]");
  const app = script?.dataset.app;
  const islands = script?.dataset.islands;
  if (islands && document.getElementById("root")?.dataset.islands !== undefined) {
    // An island page (decision 205): its islands hydrate one by one, when used or seen; the app never loads.
    return afterFirstPaint().then(() => import(/* @vite-ignore */ islands));
  }
  if (!app) return Promise.resolve();
  return afterFirstPaint().then(() => {
    for (const href of script.dataset.preload?.split(" ").filter(Boolean) ?? []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    return import(/* @vite-ignore */ app);
  });
}

startWebFonts(startPage());
