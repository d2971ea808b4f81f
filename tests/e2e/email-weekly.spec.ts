import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { latestMailTo, localD1, type MailboxMessage, uniqueEmail } from "./support";

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
  const sql = `INSERT INTO weekly_actions (id, title, slug, start_date, end_date, summary, steps, materials, status, schedule_send)
     VALUES ('${randomUUID()}', '${title}', '${slug}', '${laDay(start)}', '${laDay(start + 7 * 86_400_000)}', 'Count the birds in your yard.',
             '["Sit still for 15 minutes"]', '["A notebook"]', 'published', 1)`;
  localD1(sql);
}

test("when the cron tick fires, a subscriber gets exactly one weekly email, and its one-click unsubscribe works", async ({
  request,
}) => {
  // Two queue hops (fan-out page, recipient batch) with local batch timeouts, plus a wrangler call.
  test.setTimeout(90_000);
  const email = uniqueEmail("weekly");
  expect(
    (await request.post("/api/subscribers", { data: { first_name: "Robin", email, zip_code: "97201" } })).status(),
  ).toBe(201);
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

  // More ticks do not send it again.
  await tick();
  await tick();
  await new Promise((r) => setTimeout(r, 7_000));
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
