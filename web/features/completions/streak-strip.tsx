import { format, parseISO } from "date-fns";
import type { MemberStats } from "#contract/completions/schemas";
import { type WeekState, weekState } from "#contract/completions/streaks";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

const STATE_STYLE: Record<WeekState, string> = {
  done: "border-forest-700 bg-forest-700 text-white",
  missed: "border-clay-500 bg-card text-clay-700",
  current: "border-dashed border-forest-600 bg-forest-50 text-forest-800",
  "no-action": "border-border bg-sand-100 text-muted-foreground",
};

const STATE_MARK: Record<WeekState, string> = { done: "✓", missed: "✕", current: "•", "no-action": "–" };

/**
 * The last 12 weeks, or the weeks since the member joined (decision 228), as a row of squares. Each square is a list item whose text says the week and
 * its state, so a screen reader reads the strip as a list of sentences, not as colours.
 */
export function StreakStrip({ weeks }: { weeks: MemberStats["weeks"] }) {
  const { t, locale, tag } = useT();
  const thisWeek = weeks.at(-1)?.week_start ?? "";
  // English keeps the spec's "MMM d, yyyy"; another language writes the date its own way.
  const weekDate = (iso: string) =>
    locale === "en"
      ? format(parseISO(iso), "MMM d, yyyy")
      : new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(parseISO(iso));
  return (
    <ol className="mt-4 flex flex-wrap gap-2" aria-label={t("progress.weeks.list", { count: weeks.length })}>
      {weeks.map((w) => {
        const state = weekState(w, thisWeek);
        const label = t("progress.weeks.week", { date: weekDate(w.week_start), state });
        return (
          <li
            key={w.week_start}
            data-state={state}
            title={label}
            className={cn(
              "flex size-10 items-center justify-center rounded-lg border-2 text-sm font-semibold",
              STATE_STYLE[state],
            )}
          >
            <span aria-hidden="true">{STATE_MARK[state]}</span>
            <span className="sr-only">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
