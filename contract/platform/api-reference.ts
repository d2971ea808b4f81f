// Replaced at build time by Vite's `define` (scripts/build-info.mjs): the installed renderer's version.
declare const __API_REFERENCE_VERSION__: string | undefined;

/** Where the browser build serves the API reference's renderer (vite.api-reference.ts): by version, cached a year. */
export const API_REFERENCE_SCRIPT = `/assets/vendor/scalar-api-reference-${
  typeof __API_REFERENCE_VERSION__ !== "undefined" ? __API_REFERENCE_VERSION__ : "dev"
}.js`;
