// `npm start`: build, migrate and seed the local D1, then serve the whole site with wrangler dev.
// `npm run dev` (--dev): the same data, served by Vite with hot reload for the SPA and the Worker.
import { spawn } from "node:child_process";
import { ensureDevVars, persistDirFromArgs, run } from "./local-env.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "8787";
const persistDir = persistDirFromArgs();
const siteUrl = `http://localhost:${port}`;

ensureDevVars({ SITE_URL: siteUrl });
run("npx", ["node", "scripts/seed-local.mjs", "--persist-to", persistDir]);

if (!dev) run("npx", ["vite", "build"]);
const args = dev
  ? ["vite", "dev", "--port", port, "--strictPort"]
  : [
      "wrangler",
      "dev",
      "--port",
      port,
      "--persist-to",
      persistDir,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--var",
      `SITE_URL:${siteUrl}`,
    ];

console.log(`\n• Earthkind is starting at ${siteUrl}  (local mailbox: ${siteUrl}/dev/mailbox)\n`);
const child = spawn("npx", args, { stdio: "inherit", env: { ...process.env, SITE_URL: siteUrl } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
