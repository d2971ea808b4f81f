/**
 * The image link previews show for an action (decision 142). X and LinkedIn do not render SVG, so
 * every illustration shipped in public/images as SVG has a 1200×630 PNG twin generated at build
 * time (vite.share-cards.ts) under /images/share/; an uploaded or linked raster image is used as it
 * is; anything else falls back to the default illustration's card.
 */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_CARD_DIR = "/images/share";
/** Illustrations in public/ that get a share card: the seeded actions' and the default one. */
export const SHARE_CARD_SOURCES = /^\/images\/(?:actions\/)?([\w-]+)\.svg$/;
export const DEFAULT_ACTION_IMAGE = "/images/wildflower-default.svg";

export type ShareImage = { url: string; width?: number; height?: number };

const RASTER = /\.(png|jpe?g|webp|gif)$/i;

/** The PNG twin of a shipped SVG illustration, e.g. /images/actions/x.svg → /images/share/x.png. */
export function shareCardPath(svgPath: string): string | null {
  const name = SHARE_CARD_SOURCES.exec(svgPath)?.[1];
  return name ? `${SHARE_CARD_DIR}/${name}.png` : null;
}

export function actionShareImage(imageUrl: string | null | undefined): ShareImage {
  const card = (path: string) => ({ url: path, ...SHARE_CARD_SIZE });
  if (imageUrl) {
    const path = imageUrl.split(/[?#]/)[0] ?? "";
    const twin = shareCardPath(path);
    if (twin) return card(twin);
    // An uploaded (/media/uploads/…) or linked raster: its own size, which we do not know here.
    if (RASTER.test(path)) return { url: imageUrl };
  }
  return card(shareCardPath(DEFAULT_ACTION_IMAGE) as string);
}
