import frauncesLatinExt from "@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import subsets from "@fontsource-variable/fraunces/unicode.json";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

// The Latin and Latin Extended faces of the two variable fonts, with the unicode ranges fontsource gives
// its subsets (the same for both families); other scripts use the fallbacks.
const { latin: LATIN, "latin-ext": LATIN_EXT } = subsets;
const FACES: [family: string, url: string, unicodeRange: string][] = [
  ["Inter Variable", interLatin, LATIN],
  ["Inter Variable", interLatinExt, LATIN_EXT],
  ["Fraunces Variable", frauncesLatin, LATIN],
  ["Fraunces Variable", frauncesLatinExt, LATIN_EXT],
];

/**
 * Adds the web fonts (decision 175). They are not declared in the stylesheet: there the browser fetched
 * them with the page and held the text back for them. web/boot.ts adds them after the first paint, which
 * uses the metric-matched fallbacks (web/styles.css); the text swaps to the fonts when they arrive, and a
 * browser fetches only the faces its text needs.
 */
export function addWebFonts(): void {
  for (const [family, url, unicodeRange] of FACES) {
    document.fonts.add(
      new FontFace(family, `url(${url}) format("woff2")`, { weight: "100 900", display: "swap", unicodeRange }),
    );
  }
}
