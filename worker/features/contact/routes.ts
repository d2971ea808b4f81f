import { describeRoute } from "hono-openapi";
import { contactSentAnswer } from "#contract/contact/responses";
import { contactSchema } from "#contract/contact/schemas";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { formLimit } from "../../platform/client-limit";
import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { botCheck } from "../../platform/turnstile";
import { validate } from "../../platform/validate";
import type { EmailJob } from "../email/jobs";
import { storeContactMessage } from "./service";

/** Every message emails the team, so a per-client limit keeps the form from being used to flood it. */
const contactLimit = formLimit("contact", "Too many messages. Please wait a few minutes and try again.", {
  skipWithoutIp: true,
});

/** When Cloudflare cannot be asked, a message still goes through (the per-client limit holds; decision 184). */
const checkBot = botCheck(BOT_CHECK_ACTIONS.contact, { whenUnavailable: "allow" });

export const contactRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Send a message to the team (the Join the Mission form)",
    responses: { 201: jsonAnswer(contactSentAnswer, "Stored; the team is emailed from the queue") },
  }),
  contactLimit,
  validate("json", contactSchema),
  checkBot,
  async (c) => {
    const id = await storeContactMessage(c.var.db, c.req.valid("json"), clientIp(c));
    // Stored first: the team's email is sent from the queue, with retries, and never loses the message.
    const job: EmailJob = { type: "contact", messageId: id };
    await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) =>
      console.error("contact: notification not enqueued", id, err),
    );
    return c.json(answer(contactSentAnswer, { ok: true, id }), 201);
  },
);
