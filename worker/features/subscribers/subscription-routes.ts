import { badRequest, notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { deleteSubscriberData } from "./data-deletion";
import { manageTokenBodySchema, manageTokenSchema } from "./schemas";
import { findByToken, setActiveByToken, toSubscriptionView } from "./service";
import { INVALID_LINK_MESSAGE } from "./signup-rules";

export const SUBSCRIPTION_DATA_DELETED =
  "Your subscription data has been deleted. We kept only a scrambled fingerprint of your address so we never email it again.";
export const SUBSCRIPTION_NOT_FOUND = "We couldn't find a subscription for this link.";

const tokenFromQuery = (value: string | undefined): string => {
  const parsed = manageTokenSchema.safeParse(value ?? "");
  if (!parsed.success) throw badRequest(INVALID_LINK_MESSAGE, "invalid_token");
  return parsed.data;
};

/**
 * Subscription management by manage token (/unsubscribe?token=). Reading never changes anything —
 * mail scanners follow links — and only the POSTs do. The token is the credential (256 bits), so no
 * session or CSRF token is involved.
 */
export const subscriptionRoutes = createRouter()
  .get("/", async (c) => {
    const row = await findByToken(c.var.db, tokenFromQuery(c.req.query("token")));
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    c.header("Cache-Control", "no-store");
    return c.json({ subscription: toSubscriptionView(row) });
  })
  .post("/unsubscribe", validate("json", manageTokenBodySchema), async (c) => {
    const row = await setActiveByToken(c.var.db, c.req.valid("json").token, false, new Date());
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return c.json({ subscription: toSubscriptionView(row), active: false, message: "You have been unsubscribed." });
  })
  .post("/resubscribe", validate("json", manageTokenBodySchema), async (c) => {
    const row = await setActiveByToken(c.var.db, c.req.valid("json").token, true, new Date());
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return c.json({
      subscription: toSubscriptionView(row),
      active: true,
      message: "Welcome back! You're subscribed again.",
    });
  })
  // "Delete my subscription data": unsubscribes, then removes the row, keeping only the address's hash
  // so it is never added back and mailed by mistake (decision 111). Repeating it finds no row: 404.
  .post("/delete", validate("json", manageTokenBodySchema), async (c) => {
    const row = await setActiveByToken(c.var.db, c.req.valid("json").token, false, new Date());
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    await deleteSubscriberData(c.var.db, row);
    return c.json({ deleted: true, message: SUBSCRIPTION_DATA_DELETED });
  })
  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" here. No page, no CSRF check,
  // the body is not needed; repeating it is harmless. 200 even when already unsubscribed.
  .post("/one-click", async (c) => {
    const row = await setActiveByToken(c.var.db, tokenFromQuery(c.req.query("token")), false, new Date());
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return c.text("Unsubscribed", 200);
  });
