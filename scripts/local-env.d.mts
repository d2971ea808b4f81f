// Types for the parts of local-env.mjs that TypeScript code (the unit tests) imports.
export { DEV_VARS } from "./dev-vars.mjs";
/** Appends the missing development keys (and a random JWT_SECRET) to a .dev.vars file. */
export declare function ensureDevVars(overrides?: Record<string, string>, path?: string): void;
