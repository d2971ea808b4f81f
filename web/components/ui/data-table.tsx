import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's classes, replacing the default padding. */
  className?: string;
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
  /** Dates and times: kept on one line. */
  nowrap?: boolean;
  /** The header is for screen readers only (a column of row buttons). */
  hideHeader?: boolean;
  /** This column names the row (`<th scope="row">`). */
  rowHeader?: boolean;
};

/** The scrolling box: contained, so the table's minimum width stays inside it (see DataTable). */
const REGION = "relative overflow-x-auto rounded-xl border border-border [contain:inline-size]";

type RowKey<T> = T extends { id: string } ? { rowKey?: (row: T) => string } : { rowKey: (row: T) => string };

/**
 * A plain accessible table in a keyboard-scrollable region (narrow screens scroll sideways). Empty
 * lists say so in words rather than showing a bare header. The region is contained (decision 234): its
 * `inline-size` containment keeps the table's minimum width from widening the grids and cards around it
 * (a 390 px phone otherwise scrolled the whole admin page), and `relative` keeps its screen-reader-only
 * labels inside the box it clips.
 */
export function DataTable<T>({
  caption,
  label = caption,
  columns,
  rows,
  empty,
  minWidth = "min-w-[28rem]",
  rowKey,
}: {
  caption: string;
  /** The scrolling region's name; give it when several tables on a page share a caption. */
  label?: string;
  columns: Column<T>[];
  rows: T[];
  empty: ReactNode;
  /** Below this the region scrolls sideways instead of squeezing the columns. */
  minWidth?: string;
} & RowKey<T>) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const keyOf = rowKey ?? ((row: T) => (row as { id: string }).id);
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className={REGION}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn("px-3 py-2 font-semibold", c.numeric && "text-right")}>
                {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)} className="border-t border-border align-top">
              {columns.map((c) => {
                const className =
                  c.className ??
                  cn("px-3 py-2", c.numeric && "text-right tabular-nums", c.nowrap && "whitespace-nowrap");
                return c.rowHeader ? (
                  <th key={c.header} scope="row" className={cn("font-medium", className)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={className}>
                    {c.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
