import { eq } from "drizzle-orm";
import { subscribers } from "../../../db/schema";
import { createReconfirmation } from "../../../worker/features/subscribers/reconfirm";
import { db } from "../helpers";
import { client } from "./client";

/**
 * Confirms a signup as its owner does (double opt-in, decision 182): the raw token exists only in the
 * email, so a fresh one is made the way the signup makes it, then the confirmation page's POST is sent.
 */
export async function confirmSignup(email: string, headers: Record<string, string> = {}) {
  const [sub] = await db().select().from(subscribers).where(eq(subscribers.email, email.trim().toLowerCase()));
  if (!sub) throw new Error(`confirmSignup: no subscriber ${email}`);
  const token = await createReconfirmation(
    db(),
    sub,
    { firstName: sub.firstName, zipCode: sub.zipCode, timeZone: sub.timeZone ?? "America/New_York" },
    new Date(),
    { gapMs: 0 },
  );
  if (!token) throw new Error("confirmSignup: no token");
  const res = await client.api.subscription.confirm.$post({ json: { token } }, { headers });
  if (res.status !== 200) throw new Error(`confirmSignup: ${res.status}`);
  return token;
}
