export { formatTimestamp } from "../../lib/format-timestamp";

/** A short readable form of an audit row's JSON values. */
export function describeValues(values: Record<string, unknown> | null | undefined): string {
  if (!values) return "";
  return Object.entries(values)
    .filter(([key]) => key !== "timestamp")
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(", ");
}
