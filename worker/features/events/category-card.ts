import { DEFAULT_ACTION_IMAGE, shareCardPath } from "../actions/share-card";

/**
 * The illustration that stands for each event category, among those shipped in public/images (decision 260). The
 * build renders every one to a 1200×630 PNG share card (vite.share-cards.ts, decision 142), so an event without a
 * picture of its own still has a raster image for search engines and link previews.
 */
const CATEGORY_ILLUSTRATIONS: Record<string, string> = {
  cleanup: "/images/actions/pick-up-litter-near-water.svg",
  forest_restoration: "/images/actions/plant-a-native-tree.svg",
  wildlife: "/images/actions/record-wildlife-sightings.svg",
  oceans: "/images/actions/swap-single-use-plastics.svg",
  climate_action: "/images/actions/go-car-free-for-a-day.svg",
  education: "/images/actions/plant-native-wildflowers.svg",
};

/** The share card's path for a category (the default illustration's for none or an unknown one). */
export const categoryCardPath = (category: string | null): string =>
  shareCardPath((category && CATEGORY_ILLUSTRATIONS[category]) || DEFAULT_ACTION_IMAGE) as string;
