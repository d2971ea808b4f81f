// `npm run bench -- email-spam`: the four emails people get most (weekly, signup confirmation, sign-in link,
// welcome), rendered by the Worker's own templates (tests/unit/support/email-samples.ts) as MIME messages, scored
// by SpamAssassin with its stock rules and no network tests (`spamassassin -L -t`, Debian's package:
// `apt-get install -y spamassassin`), and checked with caniemail's data (@jsx-email/doiuse-email) for the clients
// that fail the hidden preheader's CSS. Fails when the weekly, confirmation or sign-in email scores above 0
// (decision 227). Not part of `npm test`: a message takes SpamAssassin 4–6 s to load its rules, and its scores
// change with the rules' version, so the figures are recorded in bench/README.md by date.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { doIUseEmail } from "@jsx-email/doiuse-email";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const HELD_TO_ZERO = new Set(["weekly", "confirmation", "magic link"]);
const CLIENTS = ["gmail.*", "yahoo.*", "outlook.*", "apple-mail.*", "samsung-email.*", "aol.*"];

const version = spawnSync("spamassassin", ["--version"], { encoding: "utf8" });
if (version.status !== 0) {
  console.error("spamassassin is not installed: apt-get install -y spamassassin");
  process.exit(1);
}
console.log(version.stdout.split("\n")[0]);

// Through Vite, as the Worker is built: the templates import their catalogues as `?lingui` modules.
const vite = await createServer({
  root,
  configFile: path.join(root, "vite.config.ts"),
  server: { middlewareMode: true, hmr: false },
  appType: "custom",
  logLevel: "error",
});
const { emailSamples, toMime } = await vite.ssrLoadModule("/tests/unit/support/email-samples.ts");
await vite.close();
let failed = 0;
for (const sample of emailSamples()) {
  const started = performance.now();
  const run = spawnSync("spamassassin", ["-L", "-t"], { input: toMime(sample), encoding: "utf8" });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const score = Number(/Content analysis details:\s+\((-?[\d.]+) points/.exec(run.stdout)?.[1] ?? Number.NaN);
  const rules = [...run.stdout.matchAll(/^\s*(-?\d+\.\d+)\s+([A-Z0-9_]+)\s/gm)]
    .filter(([, points]) => Number(points) !== 0)
    .map(([, points, rule]) => `${rule} ${points}`);
  const preheaderStyle = /<div style="([^"]*display:none[^"]*)">/.exec(sample.html)?.[1] ?? "";
  const unsupported = (
    doIUseEmail(`<div style="${preheaderStyle}">x</div>`, { emailClients: CLIENTS }).errors ?? []
  ).map((e) => e.replace(/ is not supported by /, " ✗ "));
  const over = HELD_TO_ZERO.has(sample.name) && !(score <= 0);
  if (over || Number.isNaN(score)) failed++;
  console.log(
    `${sample.name.padEnd(13)} ${String(score).padStart(5)} points${over ? " (over 0)" : ""}  [${rules.join(", ") || "no scoring rule"}]  ${seconds} s`,
  );
  console.log(
    `${"".padEnd(13)} preheader "${preheaderStyle}": per property, clients without it: ${unsupported.join("; ") || "none"}`,
  );
}
process.exit(failed ? 1 : 0);
