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

/**
 * Adds the web fonts (decision 175). They are not declared in the stylesheet: there the browser fetched
 * them with the page and held the text back for them. web/boot.ts adds them after the first paint, which
 * uses the metric-matched fallbacks (web/styles.css); the text swaps to the fonts when they arrive. The two Latin
 * faces are loaded first and then added together with the others: the page's text is laid out again once, not
 * once per face (on a busy phone each of those passes was a long task, issue 30). A Latin Extended face is fetched
 * only if the page's text needs it.
 */
export function addWebFonts(): void {
  const faces = FACES.map(
    ([family, url, unicodeRange]) =>
      new FontFace(family, `url(${url}) format("woff2")`, { weight: "100 900", display: "swap", unicodeRange }),
  );
  const add = () => {
    for (const face of faces) document.fonts.add(face);
  };
  const latin = faces.filter((_, i) => FACES[i]?.[2] === LATIN);
  Promise.all(latin.map((face) => face.load())).then(add, add);
}
