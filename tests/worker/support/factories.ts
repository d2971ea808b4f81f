import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { ActionInput } from "#contract/actions/schemas";
import type { PetitionFormValues } from "#contract/petitions/schemas";
import {
  emailCampaigns,
  eventSubmissions,
  events,
  passkeys,
  profiles,
  subscribers,
  weeklyActions,
  zipCodes,
} from "../../../db/schema";
import { findOrCreateUser, type SessionUser } from "../../../worker/features/auth/sessions";
import { ledger } from "../../../worker/features/email/ledger-sql";
import { randomToken } from "../../../worker/platform/crypto";
import { createDb } from "../../../worker/platform/db";
import { issueManageToken } from "../../../worker/platform/manage-token";

/**
 * The one set of test-data factories: each test makes its own rows (never relying on another test's),
 * with unique keys so parallel files never collide. Override any column.
 */

const db = () => createDb(env.DB);
let n = 0;
const next = () => `${Date.now()}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const rand = (min: number, max: number) => min + Math.random() * (max - min);

export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now()}-${++n}@example.com`;

/**
 * A user with a profile, optionally an admin (set the way admin:grant does). An admin made here was granted
 * long ago, so a backdated sign-in still counts as one made after the grant (decision 213); tests of the
 * grant's own rule grant the role themselves.
 */
export async function createUser(opts: { email?: string; role?: "user" | "admin" } = {}): Promise<SessionUser> {
  const user = await findOrCreateUser(db(), opts.email ?? uniqueEmail());
  if (opts.role === "admin") {
    await db().update(profiles).set({ role: "admin", roleChangedBy: "test" }).where(eq(profiles.userId, user.id));
    await db().update(profiles).set({ adminGrantedAt: "2000-01-01T00:00:00.000Z" }).where(eq(profiles.userId, user.id));
    return { ...user, role: "admin" };
  }
  return user;
}

/**
 * A stored passkey (its key is never used: tests that sign in with one register it through the routes with
 * tests/worker/support/soft-authenticator.ts).
 */
export async function createPasskey(userId: string, overrides: Partial<typeof passkeys.$inferInsert> = {}) {
  const [row] = await db()
    .insert(passkeys)
    .values({ id: randomToken(16), userId, name: "Phone", publicKey: randomToken(32), ...overrides })
    .returning();
  if (!row) throw new Error("passkey insert failed");
  return row;
}

/**
 * A published weekly action with a unique slug and no dates: it is nobody's current action and no
 * cron tick sends it (the weekly send needs a start date). Give dates where a test needs them.
 */
export async function createAction(overrides: Partial<typeof weeklyActions.$inferInsert> = {}) {
  const key = next();
  const [row] = await db()
    .insert(weeklyActions)
    .values({
      title: `Test action ${key}`,
      slug: `test-action-${key}`,
      summary: "Plant something for the bees.",
      whyItMatters: "Pollinators need food.",
      steps: ["Pick a spot", "Plant seeds"],
      materials: ["Seeds"],
      links: [{ label: "Guide", url: "https://example.org/guide" }],
      timeRequired: "30 minutes",
      status: "published",
      publishedAt: new Date().toISOString(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createAction: no row");
  return row;
}

/** An action whose Spanish text is whole (decision 272): "Leave the leaves" / "Deja las hojas". */
export const createBilingualAction = (overrides: Partial<typeof weeklyActions.$inferInsert> = {}) =>
  createAction({
    title: "Leave the leaves",
    titleEs: "Deja las hojas",
    summaryEs: "Las hojas caídas abrigan a los insectos.",
    whyItMattersEs: "Muchos insectos pasan el invierno entre las hojas.",
    stepsEs: ["Junta las hojas bajo un arbusto"],
    timeRequiredEs: "10 minutos",
    materialsEs: ["Un rastrillo"],
    ...overrides,
  });

/**
 * A confirmed, active subscriber with a manage token (their unsubscribe link), stored as signup stores it:
 * hashed and sealed (decision 214); `manageToken` is the link's token. `active: false` makes one who
 * unsubscribed; a pending signup (decision 182) is `{ active: false, confirmedAt: null }`.
 */
export async function createSubscriber(overrides: Partial<typeof subscribers.$inferInsert> = {}) {
  const manage = await issueManageToken(env.JWT_SECRET ?? "");
  const [row] = await db()
    .insert(subscribers)
    .values({
      email: uniqueEmail("sub"),
      firstName: "Robin",
      manageTokenHash: manage.hash,
      manageTokenSealed: manage.sealed,
      confirmedAt: new Date().toISOString(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createSubscriber: no row");
  return { ...row, manageToken: manage.token };
}

/** A subscriber as the code before migration 0025 stored one: the token as it is, no sealed copy. */
export async function createLegacySubscriber(overrides: Partial<typeof subscribers.$inferInsert> = {}) {
  const token = randomToken(32);
  const row = await createSubscriber({ manageTokenHash: token, manageTokenSealed: null, ...overrides });
  return { ...row, manageToken: token };
}

/**
 * A weekly campaign whose fan-out already covered exactly these subscribers, as the fan-out leaves it:
 * their pending ledger rows written (which counts them), the fan-out done.
 */
export async function createCampaign(actionId: string, subscriberIds: string[]) {
  const [row] = await db()
    .insert(emailCampaigns)
    .values({ actionId, kind: "weekly", status: "sending", fanoutDoneAt: new Date().toISOString() })
    .returning();
  if (!row) throw new Error("createCampaign: no row");
  await env.DB.batch([
    ledger(env.DB).insertPending(row.id, JSON.stringify(subscriberIds), null, new Date().toISOString()),
  ]);
  const [counted] = await db().select().from(emailCampaigns).where(eq(emailCampaigns.id, row.id));
  return counted as typeof emailCampaigns.$inferSelect;
}

/** Not a real state, unique enough per test: statewide fallbacks only see this test's events. */
export const uniqueState = () => `Z${String.fromCharCode(65 + (++n % 26))}${Math.floor(rand(0, 1e6))}`;

/**
 * A ZIP row at a random place, so each test searches its own patch of the map: rows other tests
 * create are thousands of miles away. The state code is made up for the same reason.
 */
export async function createZip(
  opts: { lat?: number; lon?: number; state?: string; city?: string; timeZone?: string } = {},
) {
  const row = {
    zip: String(Math.floor(rand(10_000, 99_999))),
    lat: opts.lat ?? rand(-55, 65),
    lon: opts.lon ?? rand(-170, 170),
    city: opts.city ?? `Testville ${++n}-${Math.floor(rand(0, 1e6))}`,
    state: opts.state ?? uniqueState(),
    timeZone: opts.timeZone ?? null,
  };
  await db()
    .insert(zipCodes)
    .values(row)
    .onConflictDoUpdate({
      target: zipCodes.zip,
      set: { lat: row.lat, lon: row.lon, city: row.city, state: row.state, timeZone: row.timeZone },
    });
  return row;
}

type EventInsert = typeof events.$inferInsert;

/** An approved event at (0, 0) unless placed; the start time is the test's to choose. */
export async function createEvent(overrides: Partial<EventInsert> & { startAtUtc: string }) {
  const row: EventInsert = {
    sourceKey: "test",
    externalId: `test-${next()}`,
    title: `Test event ${n}`,
    description: "A test event",
    venueName: "Test venue",
    category: "cleanup",
    city: "Testville",
    state: "ZZ",
    lat: 0,
    lon: 0,
    status: "approved",
    registrationUrl: "https://example.org/register",
    ...overrides,
  };
  const [created] = await db().insert(events).values(row).returning();
  if (!created) throw new Error("createEvent: no row");
  return created;
}

/** A pending event submission, a few months ahead. */
export async function createSubmission(overrides: Partial<typeof eventSubmissions.$inferInsert> = {}) {
  const [row] = await db()
    .insert(eventSubmissions)
    .values({
      title: `Submitted event ${++n}`,
      category: "cleanup",
      startTime: new Date(Date.now() + Math.floor(rand(60, 3000)) * 86_400_000).toISOString(),
      city: "Portland",
      state: "OR",
      organizerName: "Organizer",
      organizerEmail: `organizer-${n}@example.org`,
      registrationUrl: "https://example.org/register",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createSubmission: no row");
  return row;
}

/** A valid create/update body for the admin actions API. */
export function actionBody(overrides: Partial<ActionInput> = {}): ActionInput {
  const key = next();
  return {
    title: `Admin action ${key}`,
    slug: `admin-action-${key}`,
    start_date: "2031-05-04",
    end_date: "2031-05-10",
    summary: "A short summary.",
    why_it_matters: "Because it helps.",
    steps: ["First", "  ", "Second"],
    time_required: "30 minutes",
    materials: ["Gloves", ""],
    links: [
      { label: "Guide", url: "https://example.org" },
      { label: "", url: "" },
    ],
    image_url: "",
    cta_label: "",
    cta_url: "",
    send_on_publish: false,
    schedule_send: true,
    ...overrides,
  };
}

/** A valid petition for the admin API; override any field. */
export function petition(overrides: Partial<PetitionFormValues> = {}): PetitionFormValues {
  const key = ++n;
  return {
    title: `Protect the wetlands ${key}`,
    url: `https://petitions.example.org/wetlands-${key}`,
    org_name: "River Keepers",
    topic: "water",
    location_scope: "national",
    verified: true,
    ...overrides,
  };
}
