import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { apiReferenceVersion } from "./scripts/build-info.mjs";

/**
 * The public API reference's renderer (Scalar's standalone build, decision 278) served from our own origin: copied
 * into the browser build at a path named by its version, so no third-party script runs and a new version is a new
 * URL. `npm run dev` serves the same file from node_modules.
 */
export function apiReferenceRenderer(root: string): Plugin {
  const file = path.join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js");
  // The same path as contract/platform/api-reference.ts's, which reads the version from the same define.
  const served = `/assets/vendor/scalar-api-reference-${apiReferenceVersion()}.js`;
  return {
    name: "api-reference-renderer",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: served.slice(1), source: readFileSync(file) });
    },
    configureServer(server) {
      server.middlewares.use(served, (_req, res) => {
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(readFileSync(file));
      });
    },
  };
}
