import { and, eq } from "drizzle-orm";
import type { AdminSubmission, SubmissionStatus } from "#contract/events/schemas";
import { streetIn } from "#contract/events/street-address";
import { eventSubmissions } from "../../../db/schema";
import { writeAudit } from "../../platform/audit";
import { type Db, newestFirst } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { AuthUser } from "../../platform/hono";
import { findListings } from "./duplicates";
import { geocodeOne } from "./geocode";

/** Submissions are stored as events under this source key, with the submission id as external id. */
export const SUBMISSION_SOURCE_KEY = "submission";

type SubmissionRow = typeof eventSubmissions.$inferSelect;

export function toAdminSubmission(r: SubmissionRow): AdminSubmission {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    start_time: r.startTime,
    end_time: r.endTime,
    address: r.address,
    city: r.city,
    state: r.state,
    postal_code: r.postalCode,
    organizer_name: r.organizerName,
    organizer_email: r.organizerEmail,
    organizer_url: r.organizerUrl,
    registration_url: r.registrationUrl,
    image_url: r.imageUrl,
    notes_for_moderator: r.notesForModerator,
    status: r.status,
    reject_reason: r.rejectReason,
    event_id: r.eventId,
    created_at: r.createdAt,
  };
}

/**
 * Lists submissions with their organisers' emails. Reading those is sensitive, so every read
 * that returns any is written to the security audit log (the spec's organizer_email_access).
 */
export async function listSubmissions(
  db: Db,
  opts: { status: SubmissionStatus; limit: number; admin: AuthUser; ip: string | null },
): Promise<AdminSubmission[]> {
  const rows = await db
    .select()
    .from(eventSubmissions)
    .where(eq(eventSubmissions.status, opts.status))
    .orderBy(...newestFirst(eventSubmissions, eventSubmissions.createdAt))
    .limit(opts.limit);
  // Written before the rows are returned: if the audit cannot be written, nothing is shown.
  if (rows.length > 0) {
    await writeAudit(db, {
      userId: opts.admin.id,
      action: "organizer_email_access",
      tableName: "event_submissions",
      ipAddress: opts.ip,
      newValues: {
        admin_accessed_organizer_data: true,
        admin_email: opts.admin.email,
        status: opts.status,
        submission_ids: rows.map((r) => r.id),
        count: rows.length,
        timestamp: new Date().toISOString(),
      },
    });
  }
  return rows.map(toAdminSubmission);
}

async function pendingSubmission(db: Db, id: string): Promise<SubmissionRow> {
  const [row] = await db.select().from(eventSubmissions).where(eq(eventSubmissions.id, id)).limit(1);
  if (!row) throw notFound("Submission not found");
  if (row.status !== "pending") throw conflict(`This submission was already ${row.status}.`, "already_reviewed");
  return row;
}

/**
 * Approves a submission: a geocoded, approved event (so it is searchable at once) in its ZIP's time zone, and the
 * submission marked approved, in one batch (one transaction). The submission's update is conditional on its
 * being pending and the event is copied from the row that update wrote, so a reject that lands first leaves
 * nothing to copy: a rejected submission is never published, and two approvals create one event. An event
 * already listed from another source takes it as a copy, its source kept on that listing (decision 199).
 */
export async function approveSubmission(
  db: Db,
  id: string,
  opts: { admin: AuthUser; postalCode?: string },
): Promise<{ submission: AdminSubmission; eventId: string; mergedInto: string | null }> {
  const s = await pendingSubmission(db, id);
  const postalCode = opts.postalCode ?? s.postalCode;
  const place = await geocodeOne(db, { postalCode, city: s.city, state: s.state });
  if (!place) {
    throw badRequest(
      `We couldn't find where this event is (ZIP ${postalCode ?? "not given"}, ${s.city}, ${s.state}). Enter a corrected ZIP code to approve it.`,
      "not_geocoded",
    );
  }
  const eventId = crypto.randomUUID();
  const reviewedAt = new Date().toISOString();
  // The street line only (decision 258): the organiser's address field may hold a venue's name, a street, or both.
  const street = s.address ? streetIn(s.address.split(/[,\n]/)) : null;
  const listed = await findListings(db, [
    {
      id: eventId,
      sourceKey: SUBMISSION_SOURCE_KEY,
      title: s.title,
      startAtUtc: s.startTime,
      lat: place.lat,
      lon: place.lon,
      venueName: s.address,
      state: s.state,
      isVirtual: false,
    },
  ]);
  const mergedInto = listed.get(eventId) ?? null;
  const event = {
    id: eventId,
    source_key: SUBMISSION_SOURCE_KEY,
    title: s.title,
    description: s.description,
    venue_name: s.address,
    address: street,
    category: s.category,
    city: s.city,
    state: s.state,
    postal_code: postalCode ?? place.zip,
    lat: place.lat,
    lon: place.lon,
    start_at_utc: s.startTime,
    end_at_utc: s.endTime,
    end_time_unknown: s.endTime === null ? 1 : 0,
    // The clock of the place it was geocoded to: its ZIP's zone (decision 165).
    time_zone: place.timeZone,
    registration_url: s.registrationUrl,
    // Fetched, checked and stored by the pictures step; until then the card has none (decision 201).
    image_source_url: s.imageUrl,
    status: mergedInto ? "merged" : "approved",
    merged_into: mergedInto,
    last_confirmed_at: reviewedAt,
  };
  const columns = Object.keys(event);
  const d1 = db.$client;
  const [claimed] = await d1.batch<{ id: string }>([
    d1
      .prepare(
        `UPDATE event_submissions SET status = 'approved', reviewed_by = ?2, reviewed_at = ?3, event_id = ?4, postal_code = ?5
         WHERE id = ?1 AND status = 'pending' RETURNING id`,
      )
      .bind(id, opts.admin.id, reviewedAt, eventId, postalCode),
    // Only when the update above claimed it: the submission is then approved with this event's id.
    d1
      .prepare(
        `INSERT INTO events (external_id, all_day, is_virtual, ${columns.join(", ")})
         SELECT s.id, 0, 0, ${columns.map((c) => `json_extract(?2, '$.${c}')`).join(", ")}
         FROM event_submissions s WHERE s.id = ?1 AND s.status = 'approved' AND s.event_id = json_extract(?2, '$.id')
         ON CONFLICT (source_key, external_id) DO NOTHING`,
      )
      .bind(id, JSON.stringify(event)),
  ]);
  if (!claimed?.results.length) throw await reviewedMeanwhile(db, id);
  const [after] = await db.select().from(eventSubmissions).where(eq(eventSubmissions.id, id)).limit(1);
  if (!after) throw notFound("Submission not found");
  return { submission: toAdminSubmission(after), eventId, mergedInto };
}

/** The 409 of a review that lost a race: the submission's state as the other review left it. */
async function reviewedMeanwhile(db: Db, id: string): Promise<Error> {
  const [row] = await db
    .select({ status: eventSubmissions.status })
    .from(eventSubmissions)
    .where(eq(eventSubmissions.id, id))
    .limit(1);
  if (!row) return notFound("Submission not found");
  return conflict(`This submission was already ${row.status} by another moderator.`, "already_reviewed");
}

export async function rejectSubmission(
  db: Db,
  id: string,
  opts: { admin: AuthUser; reason: string },
): Promise<AdminSubmission> {
  await pendingSubmission(db, id);
  const [row] = await db
    .update(eventSubmissions)
    .set({
      status: "rejected",
      rejectReason: opts.reason,
      reviewedBy: opts.admin.id,
      reviewedAt: new Date().toISOString(),
    })
    .where(and(eq(eventSubmissions.id, id), eq(eventSubmissions.status, "pending")))
    .returning();
  if (!row) throw await reviewedMeanwhile(db, id);
  return toAdminSubmission(row);
}
