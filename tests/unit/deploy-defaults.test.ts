import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEV_VARS } from "../../scripts/dev-vars.mjs";
import { ensureDevVars } from "../../scripts/local-env.mjs";

/** The top-level [vars] table of wrangler.toml (what a plain `wrangler deploy` ships). */
function topLevelVars(): Record<string, string> {
  const toml = readFileSync(join(import.meta.dirname, "../../wrangler.toml"), "utf8");
  const section = /^\[vars\]\n([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? "";
  return Object.fromEntries(
    [...section.matchAll(/^([A-Z_]+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe("wrangler.toml is production-safe", () => {
  it("has no development value at the top level", () => {
    const vars = topLevelVars();
    expect(vars.ENVIRONMENT).toBe("production");
    expect(new URL(vars.SITE_URL ?? "").protocol).toBe("https:");
    expect(vars.SITE_URL).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(vars.MAIL_PROVIDER).not.toBe("outbox");
    for (const value of Object.values(vars)) expect(value).not.toMatch(/localhost|\.local\b/);
  });

  it("runs at most two email consumers at once, paced together by the MailPacer Durable Object (decision 208)", async () => {
    const { unstable_readConfig } = await import("wrangler");
    const config = unstable_readConfig({ config: join(import.meta.dirname, "../../wrangler.toml") });
    const email = config.queues.consumers?.find((c: { queue: string }) => c.queue === "earthkind-email");
    expect(email?.max_concurrency).toBe(2);
    expect(config.durable_objects.bindings).toContainEqual({ name: "MAIL_PACER", class_name: "MailPacer" });
    expect(config.migrations.flatMap((m: { new_sqlite_classes?: string[] }) => m.new_sqlite_classes ?? [])).toContain(
      "MailPacer",
    );
  });
});

describe("ensureDevVars", () => {
  const file = () => join(mkdtempSync(join(tmpdir(), "devvars-")), ".dev.vars");

  it("writes a random secret and the development values into a new file", () => {
    const path = file();
    ensureDevVars({ SITE_URL: "http://localhost:9999" }, path);
    const text = readFileSync(path, "utf8");
    expect(text).toMatch(/^JWT_SECRET="[0-9a-f]{64}"$/m);
    expect(text).toContain('ENVIRONMENT="development"');
    expect(text).toContain('SITE_URL="http://localhost:9999"');
    expect(text).toContain(`MAIL_PROVIDER="${DEV_VARS.MAIL_PROVIDER}"`);
  });

  it("adds only missing keys and leaves existing lines untouched", () => {
    const path = file();
    const mine = "# mine\nJWT_SECRET=keep-this-one\nSITE_URL=http://localhost:1234\nNPS_API_KEY=abc";
    writeFileSync(path, mine);
    ensureDevVars({}, path);
    const text = readFileSync(path, "utf8");
    expect(text.startsWith(`${mine}\n`)).toBe(true);
    expect(text.match(/JWT_SECRET=/g)).toHaveLength(1);
    expect(text.match(/SITE_URL=/g)).toHaveLength(1);
    expect(text).toContain('ENVIRONMENT="development"');
    ensureDevVars({}, path);
    expect(readFileSync(path, "utf8")).toBe(text);
  });
});
