import { format, parseISO } from "date-fns";

/** Admin timestamps: the spec's 'MMM d, yyyy' plus the time, in the viewer's zone. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "MMM d, yyyy h:mm a");
}
