/**
 * Signup and subscription rules that need no zod (spec §5): limits, messages, patterns and the
 * escaping helpers. Split from schemas.ts so the home page's signup form can use them without
 * putting zod in the initial bundle (the form loads the schema when it is first used).
 */
import type { z } from "zod";
import { FIELD_MAX } from "../platform/field-rules";
import type { subscriptionViewSchema } from "./responses";

export const SIGNUP_CLIENT_LIMIT = { attempts: 3, windowMs: 300_000 } as const;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const EMAIL_MAX = FIELD_MAX.email;
export const ZIP_FIELD_MAX = FIELD_MAX.zip;

/**
 * Toast title + description for each outcome, in English; the description is also the API's error message. The
 * form and the API show them in the reader's language (signup-messages.ts, locales/<locale>/site/subscribe.json).
 */
export const SIGNUP_MESSAGES = {
  rateLimited: { title: "Too many attempts", description: "Please wait before trying again." },
  name: { title: "Invalid name", description: "Name must be between 2 and 50 characters." },
  email: { title: "Invalid email address", description: "Please enter a valid email address." },
  zip: { title: "Invalid ZIP code", description: "Please enter a valid 5-digit ZIP code." },
  alreadySubscribed: {
    title: "Already subscribed",
    description: "This email is already receiving our weekly actions.",
  },
  deleted: {
    title: "Address removed at your request",
    description:
      "This address asked us to delete its subscription data, so we won't add it again. To rejoin, write to us through the contact form.",
  },
  failure: { title: "Something went wrong", description: "Please try again in a moment." },
  // The spec's text was "You'll receive your first weekly action plan soon."; with double opt-in nothing comes
  // until the person confirms, so the text says so (decision 225). The title is the spec's.
  success: {
    title: "Welcome to Earthkind! 🌱",
    description: "Check your inbox and confirm your email to get your first weekly action plan.",
  },
} as const;

/** The API's 409 message; the client recognises it by the words 'already subscribed' (spec §7). */
export const ALREADY_SUBSCRIBED_MESSAGE = "This email is already subscribed.";

/** The five characters the client's HTML-escape step encodes (spec §5: name is escaped before sending). */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
};
export const escapeName = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );
export const unescapeName = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] as string);

/** Manage tokens are 256-bit base64url strings; anything else is not worth a database read. */
export const MANAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;
export const INVALID_LINK_MESSAGE = "Invalid unsubscribe link";

/** The subscription view (spec §3). */
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/**
 * 'a•••@example.org': the address the form just took, shown back on the screen without its name part (someone
 * may be looking over a shoulder); its owner still recognises the first letter and the domain.
 */
export function screenMaskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** 'jo***@example.com': enough for the person to recognise, useless to someone who found the link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = email.slice(0, at);
  const visible = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${visible}***${email.slice(at)}`;
}
