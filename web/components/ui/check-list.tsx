import { cn } from "../../lib/cn";

/** A list of short points, each with a check mark (benefits, what an action includes). */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("grid content-start gap-3", className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 text-forest-900">
          <svg className="mt-0.5 size-5 shrink-0 text-forest-500" viewBox="0 0 20 20" fill="none" aria-hidden="true">
            <path
              d="m4.5 10.5 3.5 3.5 7.5-8"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {item}
        </li>
      ))}
    </ul>
  );
}
