import { describe, expect, it } from "vitest";
import { bootDocument } from "../../vite.boot";

const built = `<head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/utils-1.js">
    <link rel="modulepreload" crossorigin href="/assets/cn-2.js">
    <style>body{}</style>
  </head>`;

const FILES = { boot: "assets/boot-xyz.js", islands: "assets/scheduler-q.js" };

describe("bootDocument", () => {
  it("loads only the boot script, which names the island scheduler, the app's entry and the chunks to preload", () => {
    const html = bootDocument(built, FILES);
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script type="module" src="/assets/boot-xyz.js" data-islands="/assets/scheduler-q.js" data-app="/assets/index-abc.js" data-preload="/assets/utils-1.js /assets/cn-2.js">',
    ]);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain("<style>body{}</style>");
  });

  it("fails the build when Vite's output has no entry script to replace", () => {
    expect(() => bootDocument("<head></head>", FILES)).toThrow(/no entry script/);
  });
});
