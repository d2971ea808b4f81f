import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { latestMailTo, localD1, type MailboxMessage, subscribeConfirmed, uniqueEmail } from "./support";

/**
 * An action whose send is due (its Monday has passed, its run still goes on), written straight into the
 * e2e database: it starts on the latest Monday before today (Pacific time) and runs eight days, so the
 * run holds today whichever weekday today is.
 */
function createDueAction(title: string) {
  const laDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(ms);
  const today = Date.parse(`${laDay(Date.now())}T12:00:00Z`);
  let start = today - 86_400_000;
  while (new Date(start).getUTCDay() !== 1) start -= 86_400_000;
  const slug = `e2e-weekly-${randomUUID()}`;
  // A complete action: the latest start, so it is the current one for the specs that run after this one.
  const sql = `INSERT INTO weekly_actions (id, title, slug, start_date, end_date, summary, why_it_matters, steps, materials, status, schedule_send)
     VALUES ('${randomUUID()}', '${title}', '${slug}', '${laDay(start)}', '${laDay(start + 7 * 86_400_000)}', 'Count the birds in your yard.',
             'Counts tell scientists where birds are declining.', '["Sit still for 15 minutes"]', '["A notebook"]', 'published', 1)`;
  localD1(sql);
}

/** The weekly campaigns of an action: waves still fanning out, deliveries pending, deliveries to `email`. */
function campaignProgress(title: string, email: string) {
  return localD1(`SELECT
      (SELECT count(*) FROM email_campaign_waves w WHERE w.campaign_id = c.id AND w.fanout_done_at IS NULL) AS open_fanouts,
      (SELECT count(*) FROM email_deliveries d WHERE d.campaign_id = c.id AND d.status = 'pending') AS pending,
      (SELECT count(*) FROM email_deliveries d JOIN subscribers s ON s.id = d.subscriber_id
        WHERE d.campaign_id = c.id AND s.email = '${email}') AS to_subscriber
    FROM email_campaigns c JOIN weekly_actions a ON a.id = c.action_id
    WHERE c.kind = 'weekly' AND a.title = '${title}'`);
}

test("when the cron tick fires, a subscriber gets exactly one weekly email, and its one-click unsubscribe works", async ({
  request,
}) => {
  // Two queue hops (fan-out page, recipient batch) with local batch timeouts, plus a wrangler call.
  test.setTimeout(90_000);
  const email = uniqueEmail("weekly");
  // A confirmed subscriber (double opt-in, decision 182): only confirmed ones get the weekly email.
  await subscribeConfirmed(request, { first_name: "Robin", email, zip_code: "97201" });
  const title = `Backyard bird count ${Date.now()}`;
  createDueAction(title);

  // wrangler dev's cron trigger endpoint (the frequent tick of wrangler.toml), at 09:00 UTC today — 01:00 or
  // 02:00 Pacific: after the action's send time (09:00 on its Monday, in the subscriber's zone — Pacific for
  // ZIP 97201) and before the daily ingestion slot (04:00),
  // so this tick sends the email without also starting every ingestion source in the shared e2e server.
  const laToday = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  const time = Date.parse(`${laToday}T09:00:00Z`);
  const tick = () => request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${time}`);
  expect((await tick()).status()).toBe(200);
  const subject = new RegExp(`This week's action: ${title}`);
  const mail = await latestMailTo(request, email, subject);
  expect(mail.html).toContain("Hi Robin,");

  // More ticks do not send it again: once they ran, the campaign's delivery work is done (every wave
  // fanned out, no delivery pending) and its one campaign still holds one message for this address.
  await tick();
  await tick();
  await expect
    .poll(() => campaignProgress(title, email), { timeout: 30_000, intervals: [500, 1_000, 2_000] })
    .toEqual([{ open_fanouts: 0, pending: 0, to_subscriber: 1 }]);
  const { messages } = (await (await request.get("/dev/mailbox/messages")).json()) as { messages: MailboxMessage[] };
  expect(messages.filter((m) => m.to === email && subject.test(m.subject))).toHaveLength(1);

  // The mail client's one-click unsubscribe (RFC 8058).
  const target = new URL((mail.headers["List-Unsubscribe"] as string).slice(1, -1));
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const res = await request.post(`${target.pathname}${target.search}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(res.status()).toBe(200);
  const view = await request.get(`/api/subscription${target.search}`);
  expect(await view.json()).toMatchObject({ subscription: { active: false } });
});
