import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderShareCard } from "../../vite.share-cards";
import { actionShareImage, shareCardPath } from "../../worker/features/actions/share-card";

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("share cards", () => {
  it("renders a shipped illustration as a 1200×630 PNG", () => {
    const svg = readFileSync("public/images/actions/plant-native-wildflowers.svg", "utf8");
    const png = renderShareCard(svg);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it("maps shipped SVGs to their PNG twins and keeps uploaded rasters", () => {
    expect(shareCardPath("/images/actions/leave-the-leaves.svg")).toBe("/images/share/leave-the-leaves.png");
    expect(actionShareImage("/images/actions/leave-the-leaves.svg")).toEqual({
      url: "/images/share/leave-the-leaves.png",
      width: 1200,
      height: 630,
    });
    expect(actionShareImage("/media/uploads/2026/x.webp")).toEqual({ url: "/media/uploads/2026/x.webp" });
    expect(actionShareImage("https://cdn.example.org/photo.JPG?w=800")).toEqual({
      url: "https://cdn.example.org/photo.JPG?w=800",
    });
    // An SVG we did not ship, or none at all: the default illustration's card.
    for (const other of ["https://cdn.example.org/art.svg", null, ""]) {
      expect(actionShareImage(other).url).toBe("/images/share/wildflower-default.png");
    }
  });
});
