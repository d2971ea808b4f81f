import type { Context } from "hono";
import { describeRoute, resolver } from "hono-openapi";
import { mailWebhookAnswer, postmarkEventBody, resendEventBody } from "#contract/email/responses";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { AppError, badRequest, unauthorized } from "../../platform/errors";
import type { AppBindings } from "../../platform/hono";
import { createRouter } from "../../platform/hono";
import { basicCredentials, constantTimeEqual, verifySvix } from "../../platform/webhook-auth";
import { type MailEvent, recordMailEvent } from "./suppressions";

/**
 * Bounce and complaint webhooks of the mail providers (no session: the signature or the shared
 * credentials are the authentication). Each event is applied once per provider event id; events we
 * do not act on are acknowledged so the provider does not retry them.
 */
const notConfigured = () =>
  new AppError(503, "webhook_not_configured", "Mail webhooks are not configured (MAIL_WEBHOOK_SECRET).");

function secretOf(c: Context<AppBindings>): string {
  const secret = c.var.config.MAIL_WEBHOOK_SECRET;
  if (!secret) throw notConfigured();
  return secret;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** Resend's event → ours; bounces are hard when Resend says Permanent, soft otherwise. */
function fromResend(eventId: string, payload: unknown): MailEvent | null {
  const p = payload as { type?: unknown; data?: { to?: unknown; email_id?: unknown; bounce?: { type?: unknown } } };
  const to = Array.isArray(p?.data?.to) ? str(p.data.to[0]) : str(p?.data?.to);
  if (!to) return null;
  const base = { provider: "resend" as const, eventId, email: to, providerMessageId: str(p.data?.email_id) };
  switch (p.type) {
    case "email.bounced":
      return { ...base, type: p.data?.bounce?.type === "Permanent" ? "hard_bounce" : "soft_bounce" };
    case "email.complained":
      return { ...base, type: "complaint" };
    case "email.delivered":
      return { ...base, type: "delivered" };
    default:
      return null;
  }
}

/** Postmark bounce types that mean the address will never take mail; the transient ones count as soft. */
const POSTMARK_HARD = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated", "SpamNotification"]);
const POSTMARK_SOFT = new Set(["SoftBounce", "Transient", "DnsError"]);

function fromPostmark(payload: unknown): MailEvent | null {
  const p = payload as Record<string, unknown>;
  const messageId = str(p?.MessageID);
  switch (p?.RecordType) {
    case "Bounce": {
      const email = str(p.Email);
      const type = String(p.Type);
      if (!email || p.ID === undefined) return null;
      const kind = POSTMARK_HARD.has(type) ? "hard_bounce" : POSTMARK_SOFT.has(type) ? "soft_bounce" : null;
      if (!kind) return null;
      return { provider: "postmark", eventId: `bounce:${p.ID}`, type: kind, email, providerMessageId: messageId };
    }
    case "SpamComplaint": {
      const email = str(p.Email);
      if (!email || p.ID === undefined) return null;
      return {
        provider: "postmark",
        eventId: `complaint:${p.ID}`,
        type: "complaint",
        email,
        providerMessageId: messageId,
      };
    }
    case "Delivery": {
      const email = str(p.Recipient);
      if (!email || !messageId) return null;
      return { provider: "postmark", eventId: `delivery:${messageId}`, type: "delivered", email };
    }
    default:
      return null;
  }
}

async function apply(c: Context<AppBindings>, event: MailEvent | null) {
  if (!event) return c.json(answer(mailWebhookAnswer, { ok: true, ignored: true }));
  const { duplicate } = await recordMailEvent(c.var.db, event, new Date());
  return c.json(answer(mailWebhookAnswer, { ok: true, duplicate }));
}

/** What both webhooks answer besides their own 401 (the body is read by hand, so its 400 is stated here). */
const webhookAnswers = {
  200: jsonAnswer(mailWebhookAnswer, "Applied once (duplicate: seen before), or acknowledged and ignored"),
  400: errorAnswer("The body is not JSON"),
  503: errorAnswer("Mail webhooks are not configured here (MAIL_WEBHOOK_SECRET is unset)"),
};

/** Svix's signature headers on Resend's webhooks. */
const svixHeader = (name: string, description: string) => ({
  name,
  in: "header" as const,
  required: true,
  description,
  schema: { type: "string" as const },
});

export const mailWebhookRoutes = createRouter()
  .post(
    "/resend",
    describeRoute({
      summary: "Receive a Resend email event (bounce, complaint, delivery), signed with Svix",
      description:
        "Events other than email.bounced, email.complained and email.delivered, or without a recipient, are acknowledged and ignored.",
      parameters: [
        svixHeader("svix-id", "The event's id (each event is applied once)"),
        svixHeader("svix-timestamp", "When the event was signed (Unix seconds; refused beyond 5 minutes either way)"),
        svixHeader("svix-signature", "The Svix signature of the id, timestamp and body with MAIL_WEBHOOK_SECRET"),
      ],
      requestBody: {
        required: true,
        content: { "application/json": { schema: resolver(resendEventBody) } },
      },
      responses: {
        ...webhookAnswers,
        401: errorAnswer("Signature headers missing, timestamp too old or too new, or signature invalid"),
      },
    }),
    async (c) => {
      const secret = secretOf(c);
      const body = await c.req.text();
      const eventId = c.req.header("svix-id");
      const verdict = await verifySvix(
        secret,
        { id: eventId, timestamp: c.req.header("svix-timestamp"), signature: c.req.header("svix-signature") },
        body,
        new Date(),
      );
      if (verdict === "missing_headers") throw unauthorized("Missing webhook signature headers");
      if (verdict === "stale") throw unauthorized("Webhook timestamp is too old or too new");
      if (verdict !== "ok") throw unauthorized("Invalid webhook signature");
      return apply(c, fromResend(eventId as string, parseJson(body)));
    },
  )
  .post(
    "/postmark",
    describeRoute({
      summary: "Receive a Postmark bounce, spam complaint or delivery, with HTTP Basic credentials",
      description:
        "Authorization is Basic `postmark:<MAIL_WEBHOOK_SECRET>`. Other record types, and bounce types that say nothing about the address, are acknowledged and ignored.",
      requestBody: {
        required: true,
        content: { "application/json": { schema: resolver(postmarkEventBody) } },
      },
      responses: { ...webhookAnswers, 401: errorAnswer("The Basic credentials are missing or wrong") },
    }),
    async (c) => {
      const secret = secretOf(c);
      const given = basicCredentials(c.req.header("Authorization"));
      // Always compare (against a value that cannot match when absent), so timing does not tell them apart.
      const ok = await constantTimeEqual(given ?? "\u0000", `postmark:${secret}`);
      if (!given || !ok) throw unauthorized("Invalid webhook credentials");
      return apply(c, fromPostmark(parseJson(await c.req.text())));
    },
  );
