import type { ReactNode } from "react";

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/**
 * A plain accessible table in a keyboard-scrollable region (narrow screens scroll sideways). Empty
 * lists say so in words rather than showing a bare header.
 */
export function DataTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  empty,
  minWidth = "min-w-[28rem]",
}: {
  /** Below this the region scrolls sideways instead of squeezing the columns. */
  minWidth?: string;
  caption: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-xl border border-border">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-3 py-2 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-border align-top">
              {columns.map((c) => (
                <td key={c.header} className={c.className ?? "px-3 py-2"}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
