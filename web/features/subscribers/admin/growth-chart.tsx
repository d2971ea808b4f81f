import { format, parseISO } from "date-fns";
import { useId } from "react";
import { type Column, DataTable } from "../../../components/ui/data-table";
import type { GrowthWeek } from "./admin-api";

const W = 640;
const H = 220;
const PAD = { top: 16, right: 12, bottom: 36, left: 40 };

const weekColumns: Column<GrowthWeek>[] = [
  { header: "Week of", rowHeader: true, cell: (w) => format(parseISO(w.week_start), "MMM d, yyyy") },
  { header: "New", numeric: true, cell: (w) => w.new },
  { header: "Unsubscribed", numeric: true, cell: (w) => w.unsubscribed },
];

/**
 * New subscriptions and unsubscribes per week as grouped bars. The SVG is one labelled image (its
 * title and description summarise it for screen readers); the numbers themselves are in the table
 * below it, which is the accessible form of the chart.
 */
export function GrowthChart({ weeks }: { weeks: GrowthWeek[] }) {
  const id = useId();
  const max = Math.max(1, ...weeks.flatMap((w) => [w.new, w.unsubscribed]));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, weeks.length);
  const bar = Math.max(2, slot * 0.35);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const totalNew = weeks.reduce((n, w) => n + w.new, 0);
  const totalLeft = weeks.reduce((n, w) => n + w.unsubscribed, 0);
  const label = (w: GrowthWeek) => format(parseISO(w.week_start), "MMM d");

  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full rounded-xl border border-border bg-card"
      >
        <title id={`${id}-title`}>Weekly subscriber growth</title>
        <desc id={`${id}-desc`}>
          {`Over the last ${weeks.length} weeks: ${totalNew} new subscriptions and ${totalLeft} unsubscribes. Weekly figures are in the table below.`}
        </desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="#d9d3c4"
              strokeDasharray="3 3"
            />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#51614f">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x = PAD.left + i * slot + slot / 2;
          return (
            <g key={w.week_start}>
              <rect x={x - bar} y={y(w.new)} width={bar} height={PAD.top + plotH - y(w.new)} fill="#2f6b47" />
              <rect
                x={x}
                y={y(w.unsubscribed)}
                width={bar}
                height={PAD.top + plotH - y(w.unsubscribed)}
                fill="#c4493b"
              />
              {i % 2 === 0 ? (
                <text x={x} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#51614f">
                  {label(w)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-[#2f6b47]" /> New subscriptions
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-[#c4493b]" /> Unsubscribes
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-forest-800">Show the weekly figures as a table</summary>
        <div className="mt-3 max-w-md">
          <DataTable
            caption="Weekly subscriber growth"
            columns={weekColumns}
            rows={weeks}
            rowKey={(w) => w.week_start}
            minWidth="min-w-[16rem]"
            empty="No weeks to show."
          />
        </div>
      </details>
    </figure>
  );
}
