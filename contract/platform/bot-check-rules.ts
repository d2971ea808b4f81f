// What the browser and the Worker agree on for the bot check (Cloudflare Turnstile, decision 184).
// Plain data, no imports: the web's forms read it too.

/** The request header that carries the widget's token (the JSON bodies stay exactly the forms' schemas). */
export const BOT_CHECK_HEADER = "CF-Turnstile-Response";

/**
 * The widget's `action` per protected form; siteverify answers it back and the Worker requires the
 * form's own, so a token solved for one form cannot be spent on another. Turnstile allows up to 32
 * characters of letters, digits, `-` and `_`.
 */
export const BOT_CHECK_ACTIONS = {
  signup: "signup",
  contact: "contact",
  eventSubmission: "event-submission",
  magicLink: "magic-link",
  eventReminder: "event-reminder",
} as const;

export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[keyof typeof BOT_CHECK_ACTIONS];

/** A missing, refused, expired or already used token (403 `bot_check_failed`). */
export const BOT_CHECK_FAILED_MESSAGE = "Please complete the check that you're not a robot and try again.";

/** Cloudflare could not be asked, on a form that does not go ahead without the check (503 `bot_check_unavailable`). */
export const BOT_CHECK_UNAVAILABLE_MESSAGE =
  "We couldn't run the check that you're not a robot just now. Please try again in a minute.";
