import { and, eq } from "drizzle-orm";
import type { AdminSubmission, SubmissionStatus } from "#contract/events/schemas";
import { eventSubmissions, events } from "../../../db/schema";
import { writeAudit } from "../../platform/audit";
import { type Db, newestFirst } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import type { AuthUser } from "../../platform/hono";
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
 * submission marked approved, in one batch. The insert is keyed by the submission id, so a
 * double click or two moderators approving together create one event.
 */
export async function approveSubmission(
  db: Db,
  id: string,
  opts: { admin: AuthUser; postalCode?: string },
): Promise<{ submission: AdminSubmission; eventId: string }> {
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
  const addressLine = [s.address, `${s.city}, ${s.state}${postalCode ? ` ${postalCode}` : ""}`]
    .filter(Boolean)
    .join(", ");
  await db.batch([
    db
      .insert(events)
      .values({
        id: eventId,
        sourceKey: SUBMISSION_SOURCE_KEY,
        externalId: s.id,
        title: s.title,
        description: s.description,
        venueName: s.address,
        address: addressLine,
        category: s.category,
        city: s.city,
        state: s.state,
        postalCode: postalCode ?? place.zip,
        lat: place.lat,
        lon: place.lon,
        startAtUtc: s.startTime,
        endAtUtc: s.endTime,
        allDay: false,
        endTimeUnknown: s.endTime === null,
        // The clock of the place it was geocoded to: its ZIP's zone (decision 165).
        timeZone: place.timeZone,
        registrationUrl: s.registrationUrl,
        imageUrl: s.imageUrl,
        isVirtual: false,
        status: "approved",
      })
      .onConflictDoNothing({ target: [events.sourceKey, events.externalId] }),
    db
      .update(eventSubmissions)
      .set({ status: "approved", reviewedBy: opts.admin.id, reviewedAt, eventId, postalCode })
      .where(and(eq(eventSubmissions.id, id), eq(eventSubmissions.status, "pending"))),
  ]);
  const [after] = await db.select().from(eventSubmissions).where(eq(eventSubmissions.id, id)).limit(1);
  if (!after) throw notFound("Submission not found");
  return { submission: toAdminSubmission(after), eventId: after.eventId ?? eventId };
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
  if (!row) throw conflict("This submission was already reviewed.", "already_reviewed");
  return toAdminSubmission(row);
}
