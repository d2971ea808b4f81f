import { describe, expect, it } from "vitest";
import { fromIp, uniqueIp } from "./auth-support";
import { adminHeaders, api } from "./helpers";
import { confirmSignup } from "./support/confirm";
import { uniqueEmail } from "./support/factories";

/**
 * The spec's own words, typed here from ../shared/spec/product-spec.md (§5 validation, §8 messages)
 * rather than imported from the app's constants: a changed constant must fail this table.
 */
type Case = {
  name: string;
  path: string;
  method?: string;
  body?: unknown;
  admin?: boolean;
  status: number;
  message: string;
};

const validSubmission = {
  title: "Beach clean-up",
  category: "cleanup",
  start_time: "2031-05-04T16:00:00.000Z",
  city: "Portland",
  state: "OR",
  organizer_name: "Friends of the Coast",
  organizer_email: "friends@example.org",
  registration_url: "https://example.org/register",
};
const validPetition = {
  title: "Protect the river",
  url: "https://example.org/petition",
  org_name: "River Friends",
  topic: "water",
  location_scope: "national",
  verified: true,
};

const cases: Case[] = [
  // §5 Email signup
  {
    name: "signup name",
    path: "/api/subscribers",
    body: { first_name: "A", email: "a@example.com" },
    status: 400,
    message: "Name must be between 2 and 50 characters.",
  },
  {
    name: "signup email",
    path: "/api/subscribers",
    body: { first_name: "Robin", email: "not-an-email" },
    status: 400,
    message: "Please enter a valid email address.",
  },
  {
    name: "signup email length",
    path: "/api/subscribers",
    body: { first_name: "Robin", email: `${"a".repeat(250)}@example.com` },
    status: 400,
    message: "Please enter a valid email address.",
  },
  {
    name: "signup ZIP",
    path: "/api/subscribers",
    body: { first_name: "Robin", email: "robin@example.com", zip_code: "9720" },
    status: 400,
    message: "Please enter a valid 5-digit ZIP code.",
  },
  // §5 Contact form
  {
    name: "contact name",
    path: "/api/contact",
    body: { name: "", email: "a@example.com" },
    status: 400,
    message: "Name is required",
  },
  {
    name: "contact email missing",
    path: "/api/contact",
    body: { name: "Robin", email: "" },
    status: 400,
    message: "Email is required",
  },
  {
    name: "contact email invalid",
    path: "/api/contact",
    body: { name: "Robin", email: "robin-at-example" },
    status: 400,
    message: "Please enter a valid email",
  },
  // §5 Sign-in page
  {
    name: "password required",
    path: "/api/auth/password",
    body: { email: "a@example.com", password: "" },
    status: 400,
    message: "Please enter your password.",
  },
  // §5 Event submission form
  {
    name: "submission missing field",
    path: "/api/event-submissions",
    body: { ...validSubmission, organizer_email: "" },
    status: 400,
    message: "Please fill in the organizer email field",
  },
  {
    name: "submission start time",
    path: "/api/event-submissions",
    body: { ...validSubmission, start_time: "" },
    status: 400,
    message: "Please fill in the start time field",
  },
  {
    name: "submission email",
    path: "/api/event-submissions",
    body: { ...validSubmission, organizer_email: "friends" },
    status: 400,
    message: "Please enter a valid email address",
  },
  {
    name: "submission URL",
    path: "/api/event-submissions",
    body: { ...validSubmission, registration_url: "register here" },
    status: 400,
    message: "Please enter valid URLs",
  },
  {
    name: "submission organizer URL",
    path: "/api/event-submissions",
    body: { ...validSubmission, organizer_url: "nope" },
    status: 400,
    message: "Please enter valid URLs",
  },
  // §5 Unsubscribe page
  {
    name: "manage link",
    path: "/api/subscription/unsubscribe",
    body: { token: "" },
    status: 400,
    message: "Invalid unsubscribe link",
  },
  // §5 Action form (admin)
  {
    name: "action title",
    path: "/api/admin/actions",
    admin: true,
    body: { title: "", slug: "bees" },
    status: 400,
    message: "Title is required",
  },
  {
    name: "action title missing",
    path: "/api/admin/actions",
    admin: true,
    body: { slug: "bees" },
    status: 400,
    message: "Title is required",
  },
  {
    name: "action summary",
    path: "/api/admin/actions",
    admin: true,
    body: { title: "Bees", slug: "bees-summary", summary: "x".repeat(221) },
    status: 400,
    message: "Summary must be 220 characters or less",
  },
  {
    name: "action dates",
    path: "/api/admin/actions",
    admin: true,
    body: { title: "Bees", slug: "bees-dates", start_date: "2031-06-15", end_date: "2031-06-08" },
    status: 400,
    message: "Start date must be before end date",
  },
  // §5 Test send (admin)
  {
    name: "test send email",
    path: "/api/admin/email/test-send",
    admin: true,
    body: { email: "" },
    status: 400,
    message: "Please enter an email address",
  },
  // §5 Petition form (admin)
  {
    name: "petition title",
    path: "/api/admin/petitions",
    method: "PUT",
    admin: true,
    body: { petitions: [{ ...validPetition, title: "" }] },
    status: 400,
    message: "Title is required",
  },
  {
    name: "petition URL",
    path: "/api/admin/petitions",
    method: "PUT",
    admin: true,
    body: { petitions: [{ ...validPetition, url: "not a url" }] },
    status: 400,
    message: "Must be a valid HTTPS URL",
  },
  {
    name: "petition https",
    path: "/api/admin/petitions",
    method: "PUT",
    admin: true,
    body: { petitions: [{ ...validPetition, url: "http://example.org/p" }] },
    status: 400,
    message: "URL must use HTTPS",
  },
  {
    name: "petition org",
    path: "/api/admin/petitions",
    method: "PUT",
    admin: true,
    body: { petitions: [{ ...validPetition, org_name: "" }] },
    status: 400,
    message: "Organization name is required",
  },
  {
    name: "petition image",
    path: "/api/admin/petitions",
    method: "PUT",
    admin: true,
    body: { petitions: [{ ...validPetition, image_url: "not a url" }] },
    status: 400,
    message: "Must be a valid URL",
  },
  // §8 Action load
  {
    name: "action not found",
    path: "/api/actions/no-such-action-anywhere",
    method: "GET",
    status: 404,
    message: "Action not found",
  },
];

describe("copy pinned to the spec", () => {
  it.each(cases)("$name: $status '$message'", async ({ path, method = "POST", body, admin, status, message }) => {
    const headers = { ...fromIp(uniqueIp()), ...(admin ? await adminHeaders() : {}) };
    const res = await api(path, { method, headers, ...(body === undefined ? {} : { json: body }) });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it("signup: an active address is 'already subscribed' (the web maps it to the spec's toast)", async () => {
    const body = { first_name: "Robin", email: uniqueEmail("copy") };
    expect((await api("/api/subscribers", { method: "POST", json: body, headers: fromIp(uniqueIp()) })).status).toBe(
      201,
    );
    // Active once its owner confirms (double opt-in, decision 182).
    await confirmSignup(body.email);
    const again = await api("/api/subscribers", { method: "POST", json: body, headers: fromIp(uniqueIp()) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain("already subscribed");
  });

  it("event submission success: 'Event submitted successfully for review!'", async () => {
    const res = await api("/api/event-submissions", {
      method: "POST",
      json: validSubmission,
      headers: fromIp(uniqueIp()),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { message: string }).message).toBe("Event submitted successfully for review!");
  });
});
