import frauncesLatinExt from "@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

// The Latin and Latin Extended faces of the two variable fonts; other scripts use the fallbacks. The ranges
// are fontsource's for these subsets (the same for both families; tests/web/web-fonts.test.ts checks them):
// written out rather than imported, as its list of every subset would ride in the boot script.
export const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
export const LATIN_EXT =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";
const FACES: [family: string, url: string, unicodeRange: string][] = [
  ["Inter Variable", interLatin, LATIN],
  ["Inter Variable", interLatinExt, LATIN_EXT],
  ["Fraunces Variable", frauncesLatin, LATIN],
  ["Fraunces Variable", frauncesLatinExt, LATIN_EXT],
];

/** Set once this browser holds the Latin faces; a build with new font files (new URLs) fetches them afresh. */
const CACHED_KEY = "ek-web-fonts";
const LATIN_URLS = FACES.filter(([, , range]) => range === LATIN).map(([, url]) => url);
const CACHED_VALUE = LATIN_URLS.join(" ");

function fontsCached(): boolean {
  try {
    return localStorage.getItem(CACHED_KEY) === CACHED_VALUE;
  } catch {
    return false;
  }
}

// The island scheduler has its own: a module shared by the two entries would become a chunk the boot script
// imports before the first paint (decision 210).
function whenIdle(run: () => void) {
  const idle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * The web fonts, without ever moving text the visitor is reading (decision 211; 175 before it). They are not in
 * the stylesheet, where the browser would fetch them with the page. When this browser already holds them, they
 * are added at once, as `optional` faces: read from its cache, they are in the first layout (or, if the cache is
 * slow, not used on this page at all). Otherwise this page keeps the metric-matched fallbacks (web/styles.css), and
 * the Latin faces are prefetched for the next page once `pageCode` has settled and the page is idle: swapping them
 * in here laid the whole page out again, on a busy phone the page's longest task (issue 30). A prefetch only
 * downloads, at the lowest priority; decoding them here (`FontFace.load`) was itself a long task. A Latin Extended
 * face is fetched only when a page's text needs it.
 */
export function startWebFonts(pageCode: Promise<unknown>): void {
  if (fontsCached()) {
    for (const [family, url, unicodeRange] of FACES)
      document.fonts.add(
        new FontFace(family, `url(${url}) format("woff2")`, { weight: "100 900", display: "optional", unicodeRange }),
      );
    return;
  }
  // `finally`: a page whose code failed still prefetches, and the failure is still reported as unhandled.
  void pageCode.finally(() => whenIdle(prefetchLatinFaces));
}

function prefetchLatinFaces(): void {
  const prefetched = LATIN_URLS.map((url) => {
    const link = Object.assign(document.createElement("link"), { rel: "prefetch", as: "font", href: url });
    link.type = "font/woff2";
    // The request a font face makes (CORS, same-origin credentials), so the next page finds it in the cache.
    link.crossOrigin = "anonymous";
    document.head.append(link);
    return new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
  });
  Promise.all(prefetched).then(
    () => {
      try {
        localStorage.setItem(CACHED_KEY, CACHED_VALUE);
      } catch {
        // No storage: every page is a first visit, and keeps the stand-in fonts.
      }
    },
    () => {},
  );
}
