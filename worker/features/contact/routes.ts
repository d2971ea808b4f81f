import { tooManyRequests } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { checkRateLimit } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import type { EmailJob } from "../email/jobs";
import { contactSchema } from "./schemas";
import { storeContactMessage } from "./service";

/** Every message emails the team, so a per-IP limit keeps the form from being used to flood it. */
const CONTACT_IP_LIMIT = { limit: 5, windowSeconds: 600 };

export const contactRoutes = createRouter().post("/", validate("json", contactSchema), async (c) => {
  const ip = clientIp(c);
  if (ip) {
    const limited = await checkRateLimit(
      c.env.KV,
      `contact:${ip}`,
      CONTACT_IP_LIMIT.limit,
      CONTACT_IP_LIMIT.windowSeconds,
    );
    if (!limited.ok)
      throw tooManyRequests(limited.retryAfterSeconds, "Too many messages. Please wait a few minutes and try again.");
  }
  const id = await storeContactMessage(c.var.db, c.req.valid("json"), ip);
  // Stored first: the team's email is sent from the queue, with retries, and never loses the message.
  const job: EmailJob = { type: "contact", messageId: id };
  await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) =>
    console.error("contact: notification not enqueued", id, err),
  );
  return c.json({ ok: true, id }, 201);
});
