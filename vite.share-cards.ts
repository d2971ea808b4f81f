import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { Plugin } from "vite";
import { SHARE_CARD_SIZE, shareCardPath } from "./worker/features/actions/share-card.ts";

/** Every shipped illustration that has a share card: public/images/*.svg and public/images/actions/*.svg. */
function illustrations(publicDir: string): string[] {
  const images = path.join(publicDir, "images");
  const svgs = (dir: string) =>
    readdirSync(path.join(images, dir))
      .filter((f) => f.endsWith(".svg"))
      .map((f) => `/images/${dir ? `${dir}/` : ""}${f}`);
  return [...svgs(""), ...svgs("actions")].filter((p) => shareCardPath(p) !== null);
}

/** The SVG, filling a 1200×630 frame (cropped to the middle, as a cover image), as a PNG. */
export function renderShareCard(svg: string): Buffer {
  const { width, height } = SHARE_CARD_SIZE;
  const framed = svg.replace(/<svg\b([^>]*)>/, (_, attrs: string) => {
    const rest = attrs.replace(/\s(width|height|preserveAspectRatio)="[^"]*"/g, "");
    return `<svg${rest} width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">`;
  });
  return new Resvg(framed, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

/**
 * Link previews need a raster og:image (decision 142): at build time, each SVG illustration in
 * public/images becomes a 1200×630 PNG at /images/share/<name>.png in the client build.
 */
export function shareCards(): Plugin {
  let publicDir = "public";
  return {
    name: "earthkind:share-cards",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const source of illustrations(publicDir)) {
        const svg = readFileSync(path.join(publicDir, source), "utf8");
        const fileName = (shareCardPath(source) as string).slice(1);
        this.emitFile({ type: "asset", fileName, source: renderShareCard(svg) });
      }
    },
  };
}
