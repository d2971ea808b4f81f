import { z } from "zod";

/** The answers of the public subscriber routes (decision 179): the document's schemas and the handlers' types. */
export const signupAnswer = z.object({
  subscriber: z.object({ first_name: z.string(), email: z.string() }),
});

export const subscriptionViewSchema = z.object({
  first_name: z.string(),
  masked_email: z.string(),
  active: z.boolean(),
  subscribed_at: z.string(),
});

export const subscriptionAnswer = z.object({ subscription: subscriptionViewSchema });

export const subscriptionChangeAnswer = z.object({
  subscription: subscriptionViewSchema,
  active: z.boolean(),
  message: z.string(),
});

export const reconfirmationAnswer = z.object({
  confirmation: z.object({ first_name: z.string(), masked_email: z.string(), returning: z.boolean() }),
});

export const dataDeletedAnswer = z.object({ deleted: z.literal(true), message: z.string() });
