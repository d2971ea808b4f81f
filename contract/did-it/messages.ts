import { NOTES_MAX } from "#contract/completions/schemas";
import { TOKEN_LIMIT_MESSAGE } from "#contract/platform/token-limit";

/**
 * The "I did it" page's outcomes (decision 196). A form POST that cannot be done answers with the page
 * and one of these codes in its URL; the page words them. Pure: the web bundle imports it.
 */
export const DID_IT_COPY = {
  emailLink: "I did it",
  button: "Record it",
  progress: "See your progress",
  invalid:
    "This link is not valid or has expired. Nothing was recorded. You can record this week's action on the action's page.",
  notes: `Notes must be ${NOTES_MAX} characters or less`,
  recorded: "Recorded. Thank you for doing this week's action!",
  linkSent: "Check your email for a sign-in link. Open it to see your progress.",
  linkWait: "A sign-in link was just sent to this email. Please wait a minute before requesting another.",
  linkHourly: "Too many sign-in links were requested for this email. Please try again in an hour.",
  linkUnavailable: "We couldn't send the sign-in email. Please try again in a moment.",
  /** A form refused by the client's window (decision 216), before its token was read. */
  wait: TOKEN_LIMIT_MESSAGE,
} as const;

/** `?link=` after "See your progress". */
export const LINK_OUTCOMES = {
  sent: DID_IT_COPY.linkSent,
  wait: DID_IT_COPY.linkWait,
  hourly: DID_IT_COPY.linkHourly,
  unavailable: DID_IT_COPY.linkUnavailable,
} as const;
export type LinkOutcome = keyof typeof LINK_OUTCOMES;
