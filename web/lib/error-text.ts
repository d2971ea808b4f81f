import { pageMessage } from "./page-messages";

/**
 * What to tell a person about a failure: the error's own message (API errors carry the spec's
 * messages, in the page's language), or `fallback` when there is none ("Please try again." unless given). A toast that shows
 * no description for an unknown failure passes `undefined`.
 */
export function errorText(error: unknown): string;
export function errorText<F extends string | undefined>(error: unknown, fallback: F): string | F;
export function errorText(error: unknown, ...fallback: [] | [string | undefined]): string | undefined {
  if (error instanceof Error && error.message) return error.message;
  return fallback.length === 0 ? pageMessage("chrome.errors.tryAgain", "Please try again.") : fallback[0];
}
