import { format, parseISO } from "date-fns";

/** Spec §9: admin dates read 'MMM d, yyyy'. */
export function adminDate(value: string | null | undefined): string {
  if (!value) return "—";
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? "—" : format(d, "MMM d, yyyy");
}
