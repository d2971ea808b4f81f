import type { Db } from "../../platform/db";
import { haversineMiles } from "./geo";

/**
 * When two listings are the same event (decision 199): they start within START_MINUTES of each other, their
 * normalised titles are near-identical (bigram similarity at least TITLE_SIMILARITY, so punctuation, case,
 * accents and a typo do not matter, but "Beach cleanup" and "Beach cleanup training" differ), and they are in
 * the same place: within DISTANCE_MILES, or the same venue name in the same state, or both online.
 */
export const MERGE_RULE = { START_MINUTES: 10, TITLE_SIMILARITY: 0.9, DISTANCE_MILES: 0.3 } as const;

/** What the rule compares of a listing. */
export type Listed = {
  id: string;
  sourceKey: string;
  title: string;
  startAtUtc: string;
  lat: number | null;
  lon: number | null;
  venueName: string | null;
  state: string | null;
  isVirtual: boolean;
};

/** Lowercase letters and digits, accents dropped, words separated by one space. */
export const normaliseTitle = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const g = text.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Sørensen–Dice similarity of the normalised titles' letter pairs: 1 identical, 0 nothing shared. */
export function titleSimilarity(a: string, b: string): number {
  const x = normaliseTitle(a);
  const y = normaliseTitle(b);
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const gx = bigrams(x);
  const gy = bigrams(y);
  let shared = 0;
  for (const [g, n] of gx) shared += Math.min(n, gy.get(g) ?? 0);
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}

function samePlace(a: Listed, b: Listed): boolean {
  if (a.isVirtual || b.isVirtual) return a.isVirtual && b.isVirtual;
  if (a.lat !== null && a.lon !== null && b.lat !== null && b.lon !== null) {
    if (haversineMiles(a.lat, a.lon, b.lat, b.lon) <= MERGE_RULE.DISTANCE_MILES) return true;
  }
  const venue = (l: Listed) => (l.venueName ? normaliseTitle(l.venueName) : "");
  return venue(a) !== "" && venue(a) === venue(b) && a.state === b.state;
}

export function sameEvent(a: Listed, b: Listed): boolean {
  const apart = Math.abs(Date.parse(a.startAtUtc) - Date.parse(b.startAtUtc));
  return (
    apart <= MERGE_RULE.START_MINUTES * 60_000 &&
    samePlace(a, b) &&
    titleSimilarity(a.title, b.title) >= MERGE_RULE.TITLE_SIMILARITY
  );
}

const LISTED_COLUMNS =
  "e.id, e.source_key, e.title, e.start_at_utc, e.lat, e.lon, e.venue_name, e.state, e.is_virtual, e.created_at";
type ListedRow = {
  id: string;
  source_key: string;
  title: string;
  start_at_utc: string;
  lat: number | null;
  lon: number | null;
  venue_name: string | null;
  state: string | null;
  is_virtual: number;
  created_at: string;
};
const toListed = (r: ListedRow): Listed => ({
  id: r.id,
  sourceKey: r.source_key,
  title: r.title,
  startAtUtc: r.start_at_utc,
  lat: r.lat,
  lon: r.lon,
  venueName: r.venue_name,
  state: r.state,
  isVirtual: r.is_virtual === 1,
});

const iso = (ms: number) => new Date(ms).toISOString();
/** Newcomers looked up per statement: each is one probe of the (status, start) index. */
const PROBE_CHUNK = 100;

/**
 * For each newcomer, the listing it duplicates: a visible listing (approved, not itself a copy) from another
 * source that `sameEvent` accepts; the oldest when several do. One statement per PROBE_CHUNK newcomers.
 */
export async function findListings(db: Db, newcomers: Listed[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const window = MERGE_RULE.START_MINUTES * 60_000;
  for (let i = 0; i < newcomers.length; i += PROBE_CHUNK) {
    const chunk = newcomers.slice(i, i + PROBE_CHUNK);
    const probes = chunk.map((n) => {
      const start = Date.parse(n.startAtUtc);
      return { id: n.id, source: n.sourceKey, lo: iso(start - window), hi: iso(start + window) };
    });
    const { results } = await db.$client
      .prepare(
        `SELECT json_extract(p.value, '$.id') AS newcomer, ${LISTED_COLUMNS}
         FROM json_each(?1) p JOIN events e
           ON e.status = 'approved' AND e.start_at_utc BETWEEN json_extract(p.value, '$.lo') AND json_extract(p.value, '$.hi')
          AND e.source_key <> json_extract(p.value, '$.source') AND e.id <> json_extract(p.value, '$.id')
         ORDER BY e.created_at, e.id`,
      )
      .bind(JSON.stringify(probes))
      .all<ListedRow & { newcomer: string }>();
    const byId = new Map(chunk.map((n) => [n.id, n]));
    for (const row of results) {
      const newcomer = byId.get(row.newcomer);
      if (!newcomer || found.has(newcomer.id)) continue;
      if (sameEvent(newcomer, toListed(row))) found.set(newcomer.id, row.id);
    }
  }
  return found;
}

/**
 * Merges a source's newly stored events into the listings they duplicate: each becomes a hidden copy
 * ('merged', `merged_into` the listing), which its source keeps updating. Returns how many were merged.
 */
export async function mergeNewcomers(db: Db, sourceKey: string, externalIds: string[]): Promise<number> {
  if (!externalIds.length) return 0;
  const newcomers: Listed[] = [];
  for (let i = 0; i < externalIds.length; i += PROBE_CHUNK) {
    const { results } = await db.$client
      .prepare(
        `SELECT ${LISTED_COLUMNS} FROM events e
         WHERE e.source_key = ?1 AND e.status = 'approved' AND e.external_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(sourceKey, JSON.stringify(externalIds.slice(i, i + PROBE_CHUNK)))
      .all<ListedRow>();
    newcomers.push(...results.map(toListed));
  }
  const listings = await findListings(db, newcomers);
  if (!listings.size) return 0;
  const pairs = [...listings].map(([id, into]) => ({ id, into }));
  await db.$client
    .prepare(
      `UPDATE events SET status = 'merged', merged_into = json_extract(p.value, '$.into')
       FROM json_each(?1) p WHERE events.id = json_extract(p.value, '$.id') AND events.status = 'approved'`,
    )
    .bind(JSON.stringify(pairs))
    .run();
  return listings.size;
}
