// `npm run test:e2e`: builds the app, seeds a fresh local database in a temporary directory, starts
// `wrangler dev` on a free port, runs Playwright against it and stops the server, whatever happens.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEV_VARS, ensureDevVars, freePort, run, startDev } from "../../scripts/local-env.mjs";

const args = process.argv.slice(2);
const persistDir = mkdtempSync(path.join(tmpdir(), "earthkind-e2e-"));
// localhost (not 127.0.0.1) so the `__Host-` refresh cookie is set in a secure context.
const port = await freePort();
const baseUrl = `http://localhost:${port}`;

ensureDevVars();
if (!args.includes("--no-build")) run("npx", ["vite", "build"]);
run("npx", ["node", "scripts/seed-local.mjs", "--persist-to", persistDir]);

let server;
let code = 1;
const cleanUp = () => {
  server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

try {
  server = await startDev({ persistDir, port, testScheduled: true, vars: { ...DEV_VARS, SITE_URL: baseUrl } });
  const pw = spawn("npx", ["playwright", "test", ...args.filter((a) => a !== "--no-build")], {
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_PERSIST_DIR: persistDir,
      // The email specs render the Worker's templates, whose catalogues are `?lingui` imports (decision 270).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ./scripts/catalogue-hooks.mjs`.trim(),
    },
  });
  code = await new Promise((resolve) => pw.on("exit", (c) => resolve(c ?? 1)));
  if (code !== 0 && process.env.E2E_SERVER_LOG) console.error(server.log().slice(-20000));
} catch (err) {
  console.error(String(err));
} finally {
  cleanUp();
}
process.exit(code);
