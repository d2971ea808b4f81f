import { CATEGORY_FILTERS, type CategoryFilter } from "#contract/events/constants";
import type { EventText } from "./format";
import type { TimeFrame } from "./time-frames";

/** The time filter's options in the page's language ("This week", "Esta semana"). */
export function timeFrameLabel({ t }: Pick<EventText, "t">, frame: TimeFrame): string {
  const labels: Record<TimeFrame, string> = {
    week: t("events.timeFrame.week"),
    month: t("events.timeFrame.month"),
    all: t("events.timeFrame.all"),
  };
  return labels[frame];
}

/** A category's name in the page's language; null for one the site does not know (a feed's own). */
export function categoryLabel({ t }: Pick<EventText, "t">, category: string | null): string | null {
  if (!category || !(CATEGORY_FILTERS as readonly string[]).includes(category)) return null;
  const labels: Record<CategoryFilter, string> = {
    all: t("events.category.all"),
    cleanup: t("events.category.cleanup"),
    forest_restoration: t("events.category.forest_restoration"),
    wildlife: t("events.category.wildlife"),
    oceans: t("events.category.oceans"),
    climate_action: t("events.category.climate_action"),
    education: t("events.category.education"),
  };
  return labels[category as CategoryFilter];
}
