/** Development values of the Worker variables (see dev-vars.mjs). */
export declare const DEV_VARS: Readonly<Record<string, string>>;
