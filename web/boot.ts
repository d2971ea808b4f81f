import frauncesLatinExt from "@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/**
 * The page's first script (decision 175). The Worker has already rendered the page, so the app's
 * code is requested only once the browser has painted it: fetched with the HTML, the scripts competed
 * with the document for a phone's bandwidth, and their evaluation held the first paint back. The
 * built index.html names the app's entry and the chunks it imports statically (vite.config.ts,
 * `startAfterFirstPaint`); they are preloaded together, so the app still arrives in one round trip.
 * It imports only the fonts' URLs, so it stays a few hundred bytes and out of the app's chunk graph.
 */
function afterFirstPaint(): Promise<void> {
  // A hidden tab paints nothing: start at once.
  if (document.visibilityState === "hidden") return Promise.resolve();
  // A rAF callback runs just before a frame is painted; a task queued from it runs after that frame.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// Latin and Latin Extended faces of the two variable fonts; other scripts use the fallbacks.
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";
const FACES: [family: string, url: string, unicodeRange: string][] = [
  ["Inter Variable", interLatin, LATIN],
  ["Inter Variable", interLatinExt, LATIN_EXT],
  ["Fraunces Variable", frauncesLatin, LATIN],
  ["Fraunces Variable", frauncesLatinExt, LATIN_EXT],
];

/**
 * The web fonts are added after the first paint too: declared in the stylesheet, the browser fetched
 * them with the page and held the text back for them. The first paint uses the metric-matched fallbacks
 * (web/styles.css), and the text swaps to the fonts when they arrive; a browser fetches only the faces
 * its text needs.
 */
function addFonts(): void {
  for (const [family, url, unicodeRange] of FACES) {
    document.fonts.add(
      new FontFace(family, `url(${url}) format("woff2")`, { weight: "100 900", display: "swap", unicodeRange }),
    );
  }
}

const script = document.querySelector<HTMLScriptElement>("script[data-app]");
const app = script?.dataset.app;
if (app) {
  void afterFirstPaint().then(() => {
    addFonts();
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
