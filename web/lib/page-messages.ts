import type { I18n } from "@lingui/core";

/**
 * The browser page's messages, for the few texts made outside components: the API client's network error and
 * errorText's fallback are built where no `useT` can reach. The browser has one page, so one language, at a time;
 * the server renders many at once, so it never records one here and such text stays in the given English (the
 * catalogue's English; a network error cannot happen in a server render, whose API calls run in process).
 */
let pageI18n: I18n | null = null;

export function rememberPageMessages(i18n: I18n): void {
  if (typeof window !== "undefined") pageI18n = i18n;
}

export function pageMessage(id: string, english: string): string {
  return pageI18n ? pageI18n._(id) : english;
}
