export type BuildInfo = { version: string; commit: string; builtAt: string | null };

// Replaced at build time by Vite's `define` (scripts/build-info.mjs).
declare const __EARTHKIND_BUILD__: BuildInfo | undefined;

/** The running build; "dev"/"unknown" when the Worker was bundled without the Vite define. */
export const BUILD: BuildInfo =
  typeof __EARTHKIND_BUILD__ !== "undefined"
    ? __EARTHKIND_BUILD__
    : { version: "dev", commit: "unknown", builtAt: null };
