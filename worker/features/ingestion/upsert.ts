import { sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";

/** The stored fields of an ingested event (id, status and timestamps are the database's). */
export type EventRow = {
  sourceKey: string;
  externalId: string;
  title: string;
  description: string | null;
  venueName: string | null;
  address: string | null;
  category: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  lat: number | null;
  lon: number | null;
  startAtUtc: string;
  endAtUtc: string | null;
  allDay: boolean;
  endTimeUnknown: boolean;
  /** The IANA zone of the event's place; null online or unknown. */
  timeZone: string | null;
  registrationUrl: string | null;
  /** The organiser the feed names for the item (decision 233). */
  organizerName: string | null;
  /** Its price in US cents (0: free), null when the source gives none (decision 258). */
  priceCents: number | null;
  /** The picture as the source gave it (stored as image_source_url; decision 201). */
  imageUrl: string | null;
  isVirtual: boolean;
  /** The source marks it cancelled (decision 200). */
  cancelled: boolean;
};

/** Fields whose change makes an update (everything the site shows or searches on). */
const HASHED: (keyof EventRow)[] = [
  "title",
  "description",
  "venueName",
  "address",
  "category",
  "city",
  "state",
  "postalCode",
  "lat",
  "lon",
  "startAtUtc",
  "endAtUtc",
  "allDay",
  "endTimeUnknown",
  "timeZone",
  "registrationUrl",
  "imageUrl",
  "isVirtual",
];

/**
 * Only a cancelled row hashes its status, only a row with an organiser its organiser, and only a priced row its price, so the hashes of rows
 * stored before either existed still match.
 */
export const contentHash = (r: EventRow) =>
  sha256Hex(
    JSON.stringify([
      ...HASHED.map((k) => r[k] ?? null),
      ...(r.cancelled ? ["cancelled"] : []),
      ...(r.organizerName ? [["organizer", r.organizerName]] : []),
      ...(r.priceCents !== null ? [["price", r.priceCents]] : []),
    ]),
  );

/** D1 binds at most 100 parameters; external ids are looked up 90 at a time. */
const LOOKUP_CHUNK = 90;
/** Rows travel as one JSON parameter per statement; this keeps each well under D1's size limits. */
const WRITE_CHUNK_ROWS = 200;
const WRITE_CHUNK_BYTES = 400_000;

type Derived = "id" | "contentHash" | "updatedAt" | "status" | "cancelledBy";
const COLUMNS: [column: string, key: keyof EventRow | Derived][] = [
  ["id", "id"],
  ["external_id", "externalId"],
  ["title", "title"],
  ["description", "description"],
  ["venue_name", "venueName"],
  ["address", "address"],
  ["category", "category"],
  ["city", "city"],
  ["state", "state"],
  ["postal_code", "postalCode"],
  ["lat", "lat"],
  ["lon", "lon"],
  ["start_at_utc", "startAtUtc"],
  ["end_at_utc", "endAtUtc"],
  ["all_day", "allDay"],
  ["end_time_unknown", "endTimeUnknown"],
  ["time_zone", "timeZone"],
  ["registration_url", "registrationUrl"],
  ["organizer_name", "organizerName"],
  ["price_cents", "priceCents"],
  ["image_source_url", "imageUrl"],
  ["is_virtual", "isVirtual"],
  ["content_hash", "contentHash"],
  ["updated_at", "updatedAt"],
  ["status", "status"],
  ["cancelled_by", "cancelledBy"],
];

/**
 * The rows whose status the source decides (decision 200): listed ones, and those it cancelled itself, which are
 * back when it lists them again. A moderator's cancellation and a hidden copy ('merged', decision 199) stay.
 */
const SOURCE_OWNS_STATUS =
  "(events.status = 'approved' OR (events.status = 'cancelled' AND events.cancelled_by = 'source'))";
const STATUS_UPDATE = ["status", "cancelled_by"].map(
  (c) => `${c} = CASE WHEN ${SOURCE_OWNS_STATUS} THEN excluded.${c} ELSE events.${c} END`,
);

/**
 * Insert-or-update from a JSON array: many rows per statement without hitting the parameter
 * limit. Existing rows keep their id and created_at; their status follows STATUS_UPDATE.
 */
const UPSERT_SQL = `INSERT INTO events (source_key, ${COLUMNS.map(([c]) => c).join(", ")})
SELECT ?1, ${COLUMNS.map(([c]) => `json_extract(value, '$.${c}')`).join(", ")} FROM json_each(?2) WHERE true
ON CONFLICT (source_key, external_id) DO UPDATE SET
${COLUMNS.filter(([c]) => !["id", "external_id", "status", "cancelled_by"].includes(c))
  .map(([c]) => `${c} = excluded.${c}`)
  .concat(STATUS_UPDATE)
  .join(",\n")}`;

type Prepared = Record<string, unknown>;

function toJsonRow(r: EventRow, hash: string, updatedAt: string): Prepared {
  const values: Record<string, unknown> = {
    ...r,
    id: crypto.randomUUID(),
    contentHash: hash,
    updatedAt,
    status: r.cancelled ? "cancelled" : "approved",
    cancelledBy: r.cancelled ? "source" : null,
  };
  return Object.fromEntries(
    COLUMNS.map(([column, key]) => {
      const v = values[key];
      return [column, typeof v === "boolean" ? (v ? 1 : 0) : (v ?? null)];
    }),
  );
}

function chunkRows(rows: Prepared[]): Prepared[][] {
  const chunks: Prepared[][] = [];
  let current: Prepared[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (current.length > 0 && (current.length >= WRITE_CHUNK_ROWS || bytes + size > WRITE_CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export type WriteOutcome = {
  inserted: number;
  updated: number;
  unchanged: number;
  failed: number;
  failedIds: Set<string>;
  /** External ids of the rows this write created (the newcomers the duplicate check looks at). */
  insertedIds: string[];
};

/**
 * Upserts by source_key + external_id. The stored content hash decides: a new id is inserted, a
 * changed one updated, an unchanged one not written at all (duplicate_unchanged). All chunks go
 * in one D1 batch; if the batch fails, each row is retried alone so one bad row costs one count
 * of failed_db_error, not the run.
 */
export async function writeEvents(db: Db, sourceKey: string, rows: EventRow[]): Promise<WriteOutcome> {
  const d1 = db.$client;
  const existing = new Map<string, { hash: string | null; sourceCancelled: boolean }>();
  const ids = rows.map((r) => r.externalId);
  const lookups = [];
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const slice = ids.slice(i, i + LOOKUP_CHUNK);
    lookups.push(
      d1
        .prepare(
          `SELECT external_id, content_hash, status = 'cancelled' AND cancelled_by = 'source' AS source_cancelled FROM events WHERE source_key = ? AND external_id IN (${slice.map(() => "?").join(",")})`,
        )
        .bind(sourceKey, ...slice),
    );
  }
  if (lookups.length) {
    type Stored = { external_id: string; content_hash: string | null; source_cancelled: number };
    for (const result of await d1.batch<Stored>(lookups)) {
      for (const r of result.results)
        existing.set(r.external_id, { hash: r.content_hash, sourceCancelled: r.source_cancelled === 1 });
    }
  }

  const now = new Date().toISOString();
  const toWrite: { row: Prepared; isNew: boolean; externalId: string }[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const hash = await contentHash(r);
    const stored = existing.get(r.externalId);
    if (!stored) toWrite.push({ row: toJsonRow(r, hash, now), isNew: true, externalId: r.externalId });
    // A row cancelled because its source had dropped it is written again when listed again, unchanged or not.
    else if (stored.hash !== hash || (stored.sourceCancelled && !r.cancelled))
      toWrite.push({ row: toJsonRow(r, hash, now), isNew: false, externalId: r.externalId });
    else unchanged++;
  }

  const outcome: WriteOutcome = {
    inserted: 0,
    updated: 0,
    unchanged,
    failed: 0,
    failedIds: new Set(),
    insertedIds: [],
  };
  const count = (w: { isNew: boolean; externalId: string }) => {
    if (!w.isNew) return outcome.updated++;
    outcome.insertedIds.push(w.externalId);
    return outcome.inserted++;
  };
  if (!toWrite.length) return outcome;
  const statement = (rowsJson: Prepared[]) => d1.prepare(UPSERT_SQL).bind(sourceKey, JSON.stringify(rowsJson));
  try {
    await d1.batch(chunkRows(toWrite.map((w) => w.row)).map(statement));
    toWrite.forEach(count);
  } catch (err) {
    console.warn(`ingestion ${sourceKey}: batch write failed, retrying rows one by one`, err);
    for (const w of toWrite) {
      try {
        await statement([w.row]).run();
        count(w);
      } catch (rowErr) {
        outcome.failed++;
        outcome.failedIds.add(w.externalId);
        console.warn(`ingestion ${sourceKey}: could not store ${w.externalId}`, rowErr);
      }
    }
  }
  return outcome;
}
