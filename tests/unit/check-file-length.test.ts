import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lineCount, longFiles, MAX_LINES } from "../../scripts/check-file-length.mjs";

const lines = (n: number) => "x\n".repeat(n);
let root = "";

function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), "file-length-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

describe("the file-length check", () => {
  it("counts lines as wc -l does, plus a last line without a newline", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });

  it(`names hand-written .ts and .tsx files over ${MAX_LINES} lines in worker/, web/ and db/schema`, () => {
    const dir = tree({
      "worker/features/big/service.ts": lines(MAX_LINES + 1),
      "worker/features/ok/service.ts": lines(MAX_LINES),
      "web/features/big/page.tsx": lines(MAX_LINES + 40),
      "db/schema/events.ts": lines(MAX_LINES + 2),
      "web/features/big/notes.md": lines(MAX_LINES + 1),
      "db/seed/events.ts": lines(MAX_LINES + 1),
      "worker/worker-configuration.d.ts": lines(MAX_LINES * 10),
      "worker/features/pages/renderer.d.ts": lines(MAX_LINES + 3),
    });
    expect(longFiles(dir)).toEqual([
      { file: "web/features/big/page.tsx", lines: MAX_LINES + 40 },
      { file: "worker/features/pages/renderer.d.ts", lines: MAX_LINES + 3 },
      { file: "db/schema/events.ts", lines: MAX_LINES + 2 },
      { file: "worker/features/big/service.ts", lines: MAX_LINES + 1 },
    ]);
  });

  it("holds for this repository", () => {
    expect(longFiles(path.resolve(import.meta.dirname, "../.."))).toEqual([]);
  });
});
