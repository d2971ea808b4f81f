import { eq } from "drizzle-orm";
import { html, raw } from "hono/html";
import { outboxMessages } from "../../../db/schema";
import { newestFirst } from "../../platform/db";
import { devOnly } from "../../platform/dev-only";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";

const LIST_LIMIT = 200;

/**
 * The local mailbox: what the `outbox` provider stored. Development only — everywhere else the
 * whole sub-app answers 404, so it cannot leak mail in production.
 */
export const devMailboxRoutes = createRouter()
  .use(devOnly)
  .get("/messages", async (c) => {
    const rows = await c.var.db
      .select()
      .from(outboxMessages)
      .orderBy(...newestFirst(outboxMessages, outboxMessages.createdAt))
      .limit(LIST_LIMIT);
    return c.json({
      messages: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
        created_at: m.createdAt,
      })),
    });
  })
  .get("/messages/:id", async (c) => {
    const [message] = await c.var.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, c.req.param("id")))
      .limit(1);
    if (!message) throw notFound("Message not found");
    // The stored HTML is the email itself; it is shown sandboxed so its links work but no script runs.
    c.header(
      "Content-Security-Policy",
      "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation; default-src 'none'; img-src https: data: http:; style-src 'unsafe-inline'",
    );
    return c.html(raw(message.html));
  })
  .get("/", async (c) => {
    const rows = await c.var.db
      .select({
        id: outboxMessages.id,
        to: outboxMessages.to,
        subject: outboxMessages.subject,
        createdAt: outboxMessages.createdAt,
      })
      .from(outboxMessages)
      .orderBy(...newestFirst(outboxMessages, outboxMessages.createdAt))
      .limit(LIST_LIMIT);
    return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Local mailbox · Earthkind</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1c2b22; }
      table { width: 100%; border-collapse: collapse; }
      th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #d8dfd9; }
      a { color: #1f5c3a; }
    </style>
  </head>
  <body>
    <main>
      <h1>Local mailbox</h1>
      <p>Messages stored by the <code>outbox</code> mail provider, newest first. JSON: <a href="/dev/mailbox/messages">/dev/mailbox/messages</a>.</p>
      ${
        rows.length === 0
          ? html`<p>No messages yet.</p>`
          : html`<table>
            <thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead>
            <tbody>
              ${rows.map(
                (m) => html`<tr>
                  <td>${m.to}</td>
                  <td><a href="/dev/mailbox/messages/${m.id}">${m.subject}</a></td>
                  <td>${m.createdAt}</td>
                </tr>`,
              )}
            </tbody>
          </table>`
      }
    </main>
  </body>
</html>`);
  });
