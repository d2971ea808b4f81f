import { env } from "cloudflare:workers";
import { and, desc, eq, notLike, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SubscriberFilters, SubscriberListItem } from "#contract/subscribers/admin-schemas";
import { deletedSubscriberHashes, emailDeliveries, securityAuditLog, subscribers } from "../../db/schema";
import { subscriberPageSql } from "../../worker/features/subscribers/admin-list";
import { deletedEmailHash } from "../../worker/features/subscribers/data-deletion";
import { latestOutboxMessage } from "./auth-support";
import { adminHeaders, db, signIn } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { createAction, createCampaign, createSubscriber, createUser } from "./support/factories";

let run = 0;
const tag = () => `t${Date.now().toString(36)}${++run}`;

/**
 * Inserts `count` subscribers in one statement (a recursive CTE), so a test can work at thousands of
 * rows. Emails are `<prefix>-<n>@scale.test`; one row in `every` is named `special`; subscription
 * times are one minute apart, newest = highest n; ZIPs cycle 97000-97999. All are confirmed (decision 182).
 */
async function seedSubscribers(prefix: string, count: number, opts: { special: string; every: number }) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO subscribers (id, email, first_name, zip_code, active, subscribed_at, manage_token_hash, confirmed_at)
     SELECT lower(printf('%08x-%04x-4000-8000-%012x', abs(random()) % 4294967295, abs(random()) % 65535, i)),
       printf('%s-%05d@scale.test', ?2, i),
       CASE WHEN i % ?3 = 0 THEN ?4 ELSE 'Robin' END,
       printf('97%03d', i % 1000),
       CASE WHEN i % 4 = 0 THEN 0 ELSE 1 END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', printf('+%d minutes', i)),
       ?2 || '-token-' || i,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', printf('+%d minutes', i))
     FROM n`,
  )
    .bind(count, prefix, opts.every, opts.special)
    .run();
}

const adminSubscribers = client.api.admin.subscribers;
type ListQuery = NonNullable<Parameters<typeof adminSubscribers.$get>[0]>["query"];

const list = (headers: Record<string, string>, query: ListQuery) => ok(adminSubscribers.$get({ query }, { headers }));
const record = (id: string, headers: Record<string, string>) =>
  adminSubscribers[":id"].$get({ param: { id } }, { headers });

async function walk(headers: Record<string, string>, query: ListQuery) {
  const all: SubscriberListItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Awaited<ReturnType<typeof list>> = await list(headers, cursor ? { ...query, cursor } : query);
    all.push(...page.subscribers);
    cursor = page.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return { all, pages };
}

// The admin's own second-factor set-up (signIn does it) is audited too, but is not a data access.
const auditRows = (userId: string) =>
  db()
    .select()
    .from(securityAuditLog)
    .where(and(eq(securityAuditLog.userId, userId), notLike(securityAuditLog.action, "mfa_%")))
    .orderBy(desc(securityAuditLog.createdAt));

describe("subscribers admin list", () => {
  it("pages through thousands of rows by keyset, searches by email and name prefix, filters by status and ZIP", async () => {
    const prefix = tag();
    const special = `Zephyrine${prefix}`;
    await seedSubscribers(prefix, 6000, { special, every: 50 });
    const headers = await adminHeaders();

    // Email prefix: every seeded row, newest first, 50 a page, no duplicates or gaps between pages.
    const first = await list(headers, { q: prefix });
    expect(first.subscribers).toHaveLength(50);
    expect(first.subscribers[0]?.email).toBe(`${prefix.slice(0, 2)}***@scale.test`);
    expect(first.subscribers.every((s) => s.email_masked)).toBe(true);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.totals.active).toBeGreaterThanOrEqual(4500);
    expect(first.totals.unsubscribed).toBeGreaterThanOrEqual(1500);

    // A name prefix (case-insensitive) finds the 120 "special" rows over three pages.
    const named = await walk(headers, { q: special.toLowerCase().slice(0, -1) });
    expect(named.pages).toBe(3);
    expect(named.all).toHaveLength(120);
    expect(new Set(named.all.map((s) => s.id)).size).toBe(120);
    expect(named.all.every((s) => s.first_name === special)).toBe(true);
    const times = named.all.map((s) => s.subscribed_at);
    expect(times).toEqual([...times].sort().reverse());

    // Status and ZIP prefix together: active rows with ZIP 9704x among the special ones.
    const filtered = await walk(headers, { q: special.toLowerCase(), status: "unsubscribed" });
    expect(filtered.all).toHaveLength(60); // special rows with i divisible by 100
    expect(filtered.all.every((s) => !s.active)).toBe(true);
    const zip = await walk(headers, { q: prefix, zip: "9705" });
    expect(zip.all).toHaveLength(60); // i % 1000 in 50..59, six thousands
    expect(zip.all.every((s) => s.zip_code?.startsWith("9705"))).toBe(true);

    // Bad input is a 400 with a message, never a 500.
    for (const [query, message] of [
      [{ status: "gone" }, "Status must be all, active or unsubscribed."],
      [{ zip: "9a" }, "ZIP prefix must be 1 to 5 digits."],
      [{ cursor: "%%%" }, "Invalid cursor."],
    ] as const) {
      const res = await adminSubscribers.$get({ query: unchecked(query) }, { headers });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
  });

  it("reads every list, search and export query from an index (no full scan of subscribers)", async () => {
    const cursor = { at: "2020-01-01T00:00:00.000Z", id: "00000000-0000-4000-8000-000000000000" };
    const cases: [SubscriberFilters, RegExp][] = [
      [{ q: "", status: "all", zip: "" }, /(SCAN|SEARCH) s USING (COVERING )?INDEX subscribers_subscribed_idx/],
      [{ q: "", status: "active", zip: "" }, /SEARCH s USING (COVERING )?INDEX subscribers_active_subscribed_idx/],
      [{ q: "", status: "all", zip: "970" }, /SEARCH s USING INDEX subscribers_zip_idx/],
      [{ q: "rob", status: "all", zip: "" }, /MULTI-INDEX OR.*subscribers_first_name_idx/],
      [{ q: "rob", status: "active", zip: "9" }, /MULTI-INDEX OR.*subscribers_first_name_idx/],
      [
        { q: "rob@example.com", status: "unsubscribed", zip: "" },
        /SEARCH s USING INDEX subscribers_email_unique \(email>\? AND email<\?\)/,
      ],
    ];
    for (const [filters, expected] of cases) {
      for (const at of [null, cursor]) {
        const rows = await db().all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${subscriberPageSql(filters, at, 51)}`);
        const plan = rows.map((r) => r.detail).join(" | ");
        expect(plan, JSON.stringify(filters)).toMatch(expected);
        // The only full walk allowed is the unfiltered list reading its order index; the ledger
        // lookup per row is one (campaign, subscriber) key SEARCH per weekly campaign (decision 245).
        if (filters.q || filters.zip || filters.status !== "all") expect(plan).not.toMatch(/SCAN s\b/);
        expect(plan).not.toMatch(/SCAN (s|d|c)$|SCAN (d|c) /);
        expect(plan).toMatch(/SEARCH l USING PRIMARY KEY \(campaign=\? AND subscriber=\?\)/);
      }
    }
  });

  it("shows whole addresses only on request, and audits every such view", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const sub = await createSubscriber({ email: `${tag()}@whole.test`, firstName: "Wren" });
    const masked = await list(headers, { q: sub.email });
    expect(masked.subscribers.map((s) => s.email)).toEqual([`${sub.email.slice(0, 2)}***@whole.test`]);
    expect(await auditRows(admin.id)).toHaveLength(0);

    const full = await list(headers, { q: sub.email, full_emails: "1" });
    expect(full.subscribers.map((s) => [s.email, s.email_masked])).toEqual([[sub.email, false]]);
    const [row] = await auditRows(admin.id);
    expect(row).toMatchObject({
      action: "sensitive_data_access",
      tableName: "subscribers",
      newValues: { resource: "subscriber_emails", filters: { q: sub.email, status: "all", zip: "" } },
    });
  });
});

describe("a subscriber's record", () => {
  it("shows the email history from the ledger, audited", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const sub = await createSubscriber({ email: `${tag()}@history.test`, firstName: "Fern" });
    const action = await createAction({ title: "Build a bee hotel" });
    const campaign = await createCampaign(action.id, []);
    await db().insert(emailDeliveries).values({
      campaignId: campaign.id,
      subscriberId: sub.id,
      email: sub.email,
      status: "sent",
      updatedAt: "2026-11-16T17:00:00.000Z",
    });

    const body = await ok(record(sub.id, headers));
    expect(body.subscriber).toMatchObject({ email: sub.email, first_name: "Fern", active: true });
    expect(body.subscriber.last_weekly_email_at).toBe("2026-11-16T17:00:00.000Z");
    expect(body.history).toEqual([
      expect.objectContaining({
        campaign_id: campaign.id,
        campaign_kind: "weekly",
        action_title: "Build a bee hotel",
        status: "sent",
        at: "2026-11-16T17:00:00.000Z",
      }),
    ]);
    expect((await auditRows(admin.id))[0]).toMatchObject({
      action: "sensitive_data_access",
      newValues: { resource: "subscriber_record", subscriber_id: sub.id },
    });

    // The list shows the same "last weekly email".
    const listed = await list(headers, { q: sub.email });
    expect(listed.subscribers[0]?.last_weekly_email_at).toBe("2026-11-16T17:00:00.000Z");

    expect((await record("not-a-uuid", headers)).status).toBe(404);
    expect((await record("00000000-0000-4000-8000-000000000000", headers)).status).toBe(404);
  });

  it("unsubscribes; resubscribing only emails the person their link; deletes and keeps the hash", async () => {
    const headers = await adminHeaders();
    const sub = await createSubscriber({ email: `${tag()}@actions.test`, firstName: "Hazel" });

    const param = { id: sub.id };
    const resubscribe = () => adminSubscribers[":id"].resubscribe.$post({ param }, { headers });
    const unsubscribe = () => adminSubscribers[":id"].unsubscribe.$post({ param }, { headers });
    const remove = () => adminSubscribers[":id"].$delete({ param }, { headers });
    expect((await resubscribe()).status).toBe(409);

    expect((await unsubscribe()).status).toBe(200);
    const [afterOff] = await db().select().from(subscribers).where(eq(subscribers.id, sub.id));
    expect(afterOff).toMatchObject({ active: false, unsubscribedAt: expect.any(String) });
    // Repeating changes nothing.
    expect((await unsubscribe()).status).toBe(200);
    const [again] = await db().select().from(subscribers).where(eq(subscribers.id, sub.id));
    expect(again?.unsubscribedAt).toBe(afterOff?.unsubscribedAt);

    expect((await resubscribe()).status).toBe(202);
    const [stillOff] = await db().select().from(subscribers).where(eq(subscribers.id, sub.id));
    expect(stillOff?.active).toBe(false);
    const mail = await latestOutboxMessage(sub.email);
    expect(mail?.subject).toBe("Would you like Earthkind's weekly action again?");
    expect(mail?.text).toContain(`/unsubscribe?token=${sub.manageToken}`);

    expect((await remove()).status).toBe(200);
    expect(await db().select().from(subscribers).where(eq(subscribers.id, sub.id))).toEqual([]);
    const hash = await deletedEmailHash(sub.email);
    expect(
      await db().select().from(deletedSubscriberHashes).where(eq(deletedSubscriberHashes.emailHash, hash)),
    ).toHaveLength(1);
    expect((await remove()).status).toBe(404);
  });
});

// The CSV export runs in the background now: tests/worker/exports-subscribers.test.ts and exports-paging.test.ts.

describe("weekly growth", () => {
  it("counts new subscriptions and unsubscribes per week for 12 weeks", async () => {
    const headers = await adminHeaders();
    const growth = () => ok(adminSubscribers.growth.$get(undefined, { headers }));
    const before = await growth();
    await createSubscriber({ email: `${tag()}@growth.test` });
    await createSubscriber({ email: `${tag()}@growth.test`, active: false, unsubscribedAt: new Date().toISOString() });
    const after = await growth();
    expect(after.weeks).toHaveLength(12);
    expect(new Date(`${after.weeks[0]?.week_start}T00:00:00Z`).getUTCDay()).toBe(0);
    const last = after.weeks.at(-1);
    const prev = before.weeks.at(-1);
    expect(last?.new).toBe((prev?.new ?? 0) + 2);
    expect(last?.unsubscribed).toBe((prev?.unsubscribed ?? 0) + 1);
  });
});

describe("signup after deletion", () => {
  it("refuses an address whose data was deleted", async () => {
    const email = `${tag()}@suppressed.test`;
    await db()
      .insert(deletedSubscriberHashes)
      .values({ emailHash: await deletedEmailHash(email) });
    const res = await client.api.subscribers.$post(
      { json: { first_name: "Ash", email: email.toUpperCase() } },
      { headers: { "CF-Connecting-IP": `10.9.${run}.1` } },
    );
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("address_deleted");
    expect(await db().select().from(subscribers).where(sql`email = ${email}`)).toEqual([]);
  });
});
