import { sql } from "drizzle-orm";
import { index, integer, real, type SQLiteColumn, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";

export const EVENT_CATEGORIES = [
  "wildlife",
  "forest_restoration",
  "cleanup",
  "oceans",
  "climate_action",
  "education",
] as const;

/**
 * An event's one-degree band of longitude, 0–360. The geo indexes lead with it, and the search states it
 * (worker/features/events/search/sql.ts): SQLite uses an expression index only for the same expression.
 */
export const lonBand = (t: { lon: SQLiteColumn }) => sql`cast((${t.lon} + 180) as integer)`;

/** The keyword search's text: a column of the search indexes, matched by the search with this same expression. */
export const keywordText = (t: {
  title: SQLiteColumn;
  venueName: SQLiteColumn;
  address: SQLiteColumn;
  city: SQLiteColumn;
  description: SQLiteColumn;
}) =>
  sql`(${t.title} || ' ' || coalesce(${t.venueName}, '') || ' ' || coalesce(${t.address}, '') || ' ' || coalesce(${t.city}, '') || ' ' || coalesce(${t.description}, ''))`;

export const events = sqliteTable(
  "events",
  {
    id: id(),
    /** Ingestion source key, or 'submission' / 'seed'. */
    sourceKey: text("source_key").notNull(),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    venueName: text("venue_name"),
    address: text("address"),
    category: text("category"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    lat: real("lat"),
    lon: real("lon"),
    startAtUtc: text("start_at_utc").notNull(),
    endAtUtc: text("end_at_utc"),
    allDay: bool("all_day").notNull().default(false),
    endTimeUnknown: bool("end_time_unknown").notNull().default(false),
    /** IANA zone of an in-person event's place (its clock); null online or unknown (decision 165). */
    timeZone: text("time_zone"),
    registrationUrl: text("registration_url"),
    /** The organiser the feed names for this item (an iCalendar ORGANIZER's CN); null when it names none (decision 233). */
    organizerName: text("organizer_name"),
    /** What it costs in US cents when its source says (0: free); null when unknown, so no offer is stated (decision 258). */
    priceCents: integer("price_cents"),
    /** Our origin's copy of the picture (/media/events/…), null until stored or when refused (decision 201). */
    imageUrl: text("image_url"),
    /** The picture's address as the source or organiser gave it (https only); fetched once. */
    imageSourceUrl: text("image_source_url"),
    /** The address last fetched for `imageUrl`, stored or refused: a new `imageSourceUrl` is fetched again. */
    imageCheckedUrl: text("image_checked_url"),
    isVirtual: bool("is_virtual").notNull().default(false),
    /**
     * 'cancelled': its source cancelled it or stopped listing it (decision 200). 'merged': a copy of a listing
     * from another source, hidden, its source kept on the listing `mergedInto` (decision 199).
     */
    status: text("status", { enum: ["approved", "pending", "rejected", "cancelled", "merged"] })
      .notNull()
      .default("approved"),
    mergedInto: text("merged_into"),
    /** When its source last listed it (ingestion), or when it was approved (submissions). */
    lastConfirmedAt: text("last_confirmed_at"),
    /** 'source': cancelled by its source, and back if listed again; null: a moderator's, which a run keeps. */
    cancelledBy: text("cancelled_by", { enum: ["source"] }),
    contentHash: text("content_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("events_source_external_idx").on(t.sourceKey, t.externalId),
    index("events_merged_into_idx").on(t.mergedInto).where(sql`${t.mergedInto} IS NOT NULL`),
    index("events_pictures_due_idx")
      .on(t.id)
      .where(
        sql`${t.imageSourceUrl} IS NOT NULL AND (${t.imageCheckedUrl} IS NULL OR ${t.imageCheckedUrl} <> ${t.imageSourceUrl})`,
      ),
    index("events_status_start_idx").on(t.status, t.startAtUtc),
    // Covering indexes of the search, with the keyword text as an indexed expression (migration 0010,
    // decision 162): filters, sort, keyword and counts read no table row. The geo ones lead with the
    // one-degree band of longitude, so a box is a latitude range per band (migration 0013, decision 176).
    index("events_geo_idx").on(
      lonBand(t),
      t.lat,
      t.lon,
      t.isVirtual,
      t.status,
      t.startAtUtc,
      t.endAtUtc,
      t.category,
      t.id,
    ),
    // Partial on a term only keyword searches state (migration 0012), so SQLite never picks it for the others.
    index("events_geo_text_idx")
      .on(lonBand(t), t.lat, t.lon, t.isVirtual, t.status, t.startAtUtc, t.endAtUtc, t.category, t.id, keywordText(t))
      .where(sql`${t.id} <> ''`),
    index("events_state_start_idx").on(
      t.state,
      t.startAtUtc,
      t.id,
      t.isVirtual,
      t.status,
      t.endAtUtc,
      t.category,
      keywordText(t),
    ),
    index("events_in_person_start_idx")
      .on(t.startAtUtc, t.id, t.status, t.endAtUtc, t.category, t.isVirtual)
      .where(sql`${t.isVirtual} = 0`),
    index("events_online_start_idx")
      .on(t.startAtUtc, t.id, t.status, t.endAtUtc, t.category, t.isVirtual, keywordText(t))
      .where(sql`${t.isVirtual} = 1`),
  ],
);

export const eventSubmissions = sqliteTable(
  "event_submissions",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    category: text("category").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time"),
    address: text("address"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code"),
    organizerName: text("organizer_name").notNull(),
    organizerEmail: text("organizer_email").notNull(),
    organizerUrl: text("organizer_url"),
    registrationUrl: text("registration_url").notNull(),
    imageUrl: text("image_url"),
    notesForModerator: text("notes_for_moderator"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    rejectReason: text("reject_reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: text("reviewed_at"),
    eventId: text("event_id"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("event_submissions_status_created_idx").on(t.status, t.createdAt)],
);

export const ingestionRuns = sqliteTable(
  "ingestion_runs",
  {
    id: id(),
    sourceKey: text("source_key").notNull(),
    status: text("status", { enum: ["running", "completed", "failed"] })
      .notNull()
      .default("running"),
    errorMessage: text("error_message"),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
    pages: integer("pages").notNull().default(0),
    found: integer("found").notNull().default(0),
    mapped: integer("mapped").notNull().default(0),
    inserted: integer("inserted").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    duplicateUnchanged: integer("duplicate_unchanged").notNull().default(0),
    skippedPast: integer("skipped_past").notNull().default(0),
    skippedInvalidDatetime: integer("skipped_invalid_datetime").notNull().default(0),
    skippedMissingRequired: integer("skipped_missing_required").notNull().default(0),
    failedDbError: integer("failed_db_error").notNull().default(0),
    geocodedCount: integer("geocoded_count").notNull().default(0),
    allDayEvents: integer("all_day_events").notNull().default(0),
  },
  (t) => [index("ingestion_runs_source_started_idx").on(t.sourceKey, t.startedAt)],
);

export const zipCodes = sqliteTable(
  "zip_codes",
  {
    zip: text("zip").primaryKey(),
    lat: real("lat").notNull(),
    lon: real("lon").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    /** IANA zone from the centroid (seed time, a time-zone boundary lookup): the weekly send's wave. */
    timeZone: text("time_zone"),
  },
  (t) => [index("zip_codes_city_state_idx").on(t.city, t.state), index("zip_codes_lat_lon_idx").on(t.lat, t.lon)],
);
export type ZipRow = typeof zipCodes.$inferInsert;
