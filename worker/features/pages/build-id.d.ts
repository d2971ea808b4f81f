/** Replaced at build time by Vite's `define` (vite.config.ts, vitest.config.ts). */
declare const __BUILD_ID__: string | undefined;
