import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("docs/deploy.md (issue 44)", () => {
  const doc = read("docs/deploy.md");
  const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);

  it("names only npm run commands that exist in package.json", () => {
    const named = [...new Set([...doc.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] as string))];
    expect(named.length).toBeGreaterThanOrEqual(5);
    for (const name of ["setup", "deploy", "mail:check", "admin:invite"]) expect(named).toContain(name);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it("is one ordered list from the account and the Workers Paid plan to the first Monday email", () => {
    const steps = [...doc.matchAll(/^\s*(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
    expect(steps).toEqual(steps.map((_, i) => i + 1));
    const list = doc.slice(doc.indexOf("## 1."));
    const at = (text: string) => list.indexOf(text);
    expect(at("Workers Paid")).toBeGreaterThan(-1);
    expect(at("Workers Paid")).toBeLessThan(at("**Run `npm run setup`**"));
    expect(at("zone")).toBeLessThan(at("**Run `npm run setup`**"));
    expect(at("**Run `npm run setup`**")).toBeLessThan(at("**`npm run deploy`**"));
    expect(at("**`npm run deploy`**")).toBeLessThan(at("npm run admin:invite"));
    expect(at("npm run admin:invite")).toBeLessThan(at("first Monday email"));
  });

  it("is where the README's Deploying section points", () => {
    expect(read("README.md")).toContain("(docs/deploy.md)");
  });
});
