import { and, eq, notLike } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSubmissionSchema } from "#contract/events/schemas";
import { eventSubmissions, events, securityAuditLog } from "../../db/schema";
import { freshMinute } from "./auth-support";
import { futureBase, hoursAfter, type SearchBody } from "./events-support";
import { adminHeaders, api, db, memberHeaders, signIn } from "./helpers";
import { createSubmission, createUser, createZip } from "./support/factories";

let ipCounter = 0;
/** Each test posts from its own address, so the per-IP limit of one test never touches another. */
const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}-${Date.now()}`;

const validSubmission = (overrides: Record<string, string> = {}) => ({
  title: "Riverbank Cleanup",
  description: "Bags and gloves provided.",
  category: "cleanup",
  start_time: futureBase().toISOString(),
  end_time: "",
  address: "Tom McCall Waterfront Park",
  city: "Portland",
  state: "or",
  postal_code: "97204",
  organizer_name: "River Friends",
  organizer_email: "Hello@RiverFriends.org",
  organizer_url: "",
  registration_url: "https://riverfriends.org/cleanup",
  image_url: "",
  notes_for_moderator: "",
  ...overrides,
});

const submit = (body: unknown, ip = freshIp()) =>
  api("/api/event-submissions", { method: "POST", json: body, headers: { "CF-Connecting-IP": ip } });

const errorMessage = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("event submission validation (shared schema)", () => {
  it.each([
    ["title", "Please fill in the title field"],
    ["category", "Please fill in the category field"],
    ["start_time", "Please fill in the start time field"],
    ["city", "Please fill in the city field"],
    ["state", "Please fill in the state field"],
    ["organizer_name", "Please fill in the organizer name field"],
    ["organizer_email", "Please fill in the organizer email field"],
    ["registration_url", "Please fill in the registration url field"],
  ])("reports a missing %s as the spec's message", async (field, message) => {
    const res = await submit(validSubmission({ [field]: "   " }));
    expect(res.status).toBe(400);
    expect(await errorMessage(res)).toBe(message);
  });

  it("reports the FIRST missing field in the spec's order", async () => {
    const res = await submit(validSubmission({ registration_url: "", city: "", title: "" }));
    expect(await errorMessage(res)).toBe("Please fill in the title field");
    const parsed = eventSubmissionSchema.safeParse(validSubmission({ organizer_name: "", state: "" }));
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Please fill in the state field"]);
  });

  it.each([
    [{ organizer_email: "not-an-email" }, "Please enter a valid email address"],
    [{ organizer_email: "a@b" }, "Please enter a valid email address"],
    [{ registration_url: "riverfriends.org" }, "Please enter valid URLs"],
    [{ registration_url: "javascript:alert(1)" }, "Please enter valid URLs"],
    [{ organizer_url: "not a url" }, "Please enter valid URLs"],
    [{ state: "Oregon" }, "Please enter a valid 2-letter state code"],
    [{ state: "O1" }, "Please enter a valid 2-letter state code"],
    [{ postal_code: "9720" }, "Please enter a valid ZIP code (5 digits, or 5+4)"],
    [{ postal_code: "97204-12" }, "Please enter a valid ZIP code (5 digits, or 5+4)"],
    [{ category: "parties" }, "Please choose one of the listed categories"],
    [{ start_time: "someday" }, "Please enter a valid start time"],
    [
      { start_time: "2030-05-01T10:00:00Z", end_time: "2030-05-01T09:00:00Z" },
      "The end time must be after the start time",
    ],
    [{ title: "x".repeat(201) }, "The title field must be 200 characters or less"],
  ])("rejects %o", async (overrides, message) => {
    const res = await submit(validSubmission(overrides));
    expect(res.status).toBe(400);
    expect(await errorMessage(res)).toBe(message);
  });

  it("accepts ZIP+4 (keeping its 5-digit ZIP) and stores a pending submission with the state uppercased and the email lower-cased", async () => {
    const title = `Cleanup ${Date.now()}`;
    const res = await submit(validSubmission({ title, postal_code: "97204-1234", organizer_url: "https://rf.org" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Event submitted successfully for review!" });
    const [row] = await db().select().from(eventSubmissions).where(eq(eventSubmissions.title, title));
    expect(row).toMatchObject({
      status: "pending",
      state: "OR",
      postalCode: "97204",
      organizerEmail: "hello@riverfriends.org",
      organizerUrl: "https://rf.org/", // normalised: new URL(v).href
      endTime: null,
      imageUrl: null,
    });
    // Pending submissions are not events: nothing is public before moderation.
    const leaked = await db().select().from(events).where(eq(events.title, title));
    expect(leaked).toEqual([]);
  });

  it("reads a zone-less start time in SITE_TIMEZONE", async () => {
    const title = `Zone-less ${Date.now()}`;
    const res = await submit(validSubmission({ title, start_time: "2031-07-04T10:00" }));
    expect(res.status).toBe(201);
    const [row] = await db().select().from(eventSubmissions).where(eq(eventSubmissions.title, title));
    expect(row?.startTime).toBe("2031-07-04T17:00:00.000Z"); // 10:00 PDT
  });

  it("rate-limits submissions per IP address", async () => {
    const ip = freshIp();
    await freshMinute();
    for (let i = 0; i < 5; i++) expect((await submit(validSubmission(), ip)).status).toBe(201);
    const limited = await submit(validSubmission(), ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await errorMessage(limited)).toBe("Too many event submissions. Please try again later.");
    expect((await submit(validSubmission(), freshIp())).status).toBe(201);
  });
});

describe("moderation (admin)", () => {
  it("is admin-only", async () => {
    expect((await api("/api/admin/event-submissions")).status).toBe(401);
    expect((await api("/api/admin/event-submissions", { headers: await memberHeaders() })).status).toBe(403);
  });

  it("lists pending submissions with organizer emails and audits that read", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const s = await createSubmission();
    const res = await api("/api/admin/event-submissions?status=pending", {
      headers: { ...headers, "CF-Connecting-IP": "198.51.100.7" },
    });
    expect(res.status).toBe(200);
    const { submissions } = (await res.json()) as { submissions: { id: string; organizer_email: string }[] };
    expect(submissions.find((x) => x.id === s.id)?.organizer_email).toBe(s.organizerEmail);

    // The admin's own second-factor set-up (signIn does it) is audited too; this is about the read.
    const audit = await db()
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, admin.id), notLike(securityAuditLog.action, "mfa_%")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "organizer_email_access",
      tableName: "event_submissions",
      ipAddress: "198.51.100.7",
    });
    expect(audit[0]?.newValues).toMatchObject({ admin_accessed_organizer_data: true });
    expect(audit[0]?.newValues?.submission_ids).toContain(s.id);
  });

  it("approves a submission into a geocoded event that search finds at once", async () => {
    const zip = await createZip();
    const start = futureBase();
    const s = await createSubmission({
      postalCode: zip.zip,
      city: zip.city,
      state: zip.state,
      startTime: start.toISOString(),
      endTime: hoursAfter(start, 2).toISOString(),
    });
    const headers = await adminHeaders();
    const window = `start=${hoursAfter(start, -1).toISOString()}&end=${hoursAfter(start, 3).toISOString()}`;

    const before = (await (await api(`/api/events?zip=${zip.zip}&${window}`)).json()) as SearchBody;
    expect(before.events).toEqual([]);

    const res = await api(`/api/admin/event-submissions/${s.id}/approve`, { method: "POST", json: {}, headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { submission: { status: string; event_id: string }; event_id: string };
    expect(body.submission.status).toBe("approved");
    expect(body.submission.event_id).toBe(body.event_id);

    const after = (await (await api(`/api/events?zip=${zip.zip}&radius=5&${window}`)).json()) as SearchBody;
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({
      id: body.event_id,
      title: s.title,
      category: "cleanup",
      registration_url: s.registrationUrl,
      distance_miles: 0,
      is_fallback: false,
    });

    const again = await api(`/api/admin/event-submissions/${s.id}/approve`, { method: "POST", json: {}, headers });
    expect(again.status).toBe(409);
  });

  it("geocodes by city and state when there is no ZIP, and asks for a ZIP when neither is known", async () => {
    const zip = await createZip({ city: "Riverton Falls" });
    const headers = await adminHeaders();
    const byCity = await createSubmission({ postalCode: null, city: "riverton falls", state: zip.state });
    const ok = await api(`/api/admin/event-submissions/${byCity.id}/approve`, { method: "POST", json: {}, headers });
    expect(ok.status).toBe(200);
    const { event_id } = (await ok.json()) as { event_id: string };
    const [event] = await db().select().from(events).where(eq(events.id, event_id));
    expect(event).toMatchObject({ lat: zip.lat, lon: zip.lon, status: "approved", sourceKey: "submission" });

    const nowhere = await createSubmission({ postalCode: "00001", city: "Atlantis", state: "ZQ" });
    const bad = await api(`/api/admin/event-submissions/${nowhere.id}/approve`, { method: "POST", json: {}, headers });
    expect(bad.status).toBe(400);
    expect(await errorMessage(bad)).toContain("Enter a corrected ZIP code to approve it.");
    const fixed = await api(`/api/admin/event-submissions/${nowhere.id}/approve`, {
      method: "POST",
      json: { postal_code: `${zip.zip}-0001` },
      headers,
    });
    expect(fixed.status).toBe(200);
    // The corrected ZIP+4 geocodes by its 5-digit ZIP.
    const { event_id: fixedId } = (await fixed.json()) as { event_id: string };
    const [fixedEvent] = await db().select().from(events).where(eq(events.id, fixedId));
    expect(fixedEvent).toMatchObject({ lat: zip.lat, lon: zip.lon });
  });

  it("rejects with a reason, and the reason is required", async () => {
    const s = await createSubmission();
    const headers = await adminHeaders();
    const missing = await api(`/api/admin/event-submissions/${s.id}/reject`, { method: "POST", json: {}, headers });
    expect(missing.status).toBe(400);
    expect(await errorMessage(missing)).toBe("Please give a reason for the rejection");

    const res = await api(`/api/admin/event-submissions/${s.id}/reject`, {
      method: "POST",
      json: { reason: "Not an environmental event" },
      headers,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      submission: { status: "rejected", reject_reason: "Not an environmental event" },
    });
    const [row] = await db().select().from(eventSubmissions).where(eq(eventSubmissions.id, s.id));
    expect(row?.eventId).toBeNull();
    expect(
      (await api("/api/admin/event-submissions/nope/reject", { method: "POST", json: { reason: "x" }, headers }))
        .status,
    ).toBe(404);
  });
});
