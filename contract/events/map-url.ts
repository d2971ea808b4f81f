/** What a map link reads of an event's place. */
export type MappedPlace = {
  lat: number | null;
  lon: number | null;
  address: string | null;
  venue_name: string | null;
  city: string | null;
  state: string | null;
};

/**
 * A map search for the place: its coordinates when known, else its address (OpenStreetMap, no key, no tracking).
 * The event page's "Open map" and the reminder email's map link (decision 253).
 */
export function mapUrl(e: MappedPlace): string {
  if (e.lat !== null && e.lon !== null) {
    return `https://www.openstreetmap.org/?mlat=${e.lat}&mlon=${e.lon}#map=16/${e.lat}/${e.lon}`;
  }
  const query = e.address ?? [e.venue_name, e.city, e.state].filter(Boolean).join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
