/**
 * The street line of a US address (decision 258): ingestion, the moderation of submissions and the event page's
 * markup all store or show `address` as the street alone, with city, state and ZIP in their own fields.
 */

/** A street line: a house number first ("123 Main St"), a PO box, or a street word last ("N Edison St"). */
const STREET_LINE =
  /^(?:\d+[A-Za-z]?\b|P\.?\s?O\.?\s+Box\b)|\b(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Way|Ln|Lane|Hwy|Highway|Pkwy|Parkway|Ct|Court|Pl|Place|Ter|Terrace|Sq|Square|Cir|Circle)\.?$/i;

/** The last of comma-separated parts (before the city) that reads as a street; a venue's name does not. */
export function streetIn(parts: readonly string[]): string | null {
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]?.trim() ?? "";
    if (part && part.length <= 200 && STREET_LINE.test(part)) return part;
  }
  return null;
}

/**
 * An event's `address` as schema.org's streetAddress: the street line, with a trailing "City, ST ZIP" that
 * older rows carried removed; null when nothing but the city, state or ZIP is left.
 */
export function streetAddressOf(
  address: string | null,
  place: { city: string | null; state: string | null; postal_code: string | null },
): string | null {
  if (!address?.trim()) return null;
  const parts = address.split(",").map((p) => p.trim());
  const known = new Set(
    [place.city, place.state, place.postal_code, `${place.state} ${place.postal_code}`, "USA", "United States"]
      .filter((v): v is string => Boolean(v))
      .map((v) => v.toLowerCase()),
  );
  while (parts.length && known.has((parts.at(-1) ?? "").toLowerCase())) parts.pop();
  if (!parts.length) return null;
  return streetIn(parts) ?? (parts.length === 1 ? (parts[0] ?? null) : null);
}
