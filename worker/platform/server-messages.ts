import type { Locale } from "#contract/i18n/locales";
import enSiteMessages from "../../locales/en/site?lingui";
import { translate } from "./i18n";

/**
 * The site catalogue's fixed messages (no values) by their English text. Server messages are English where they are
 * thrown, deep in the code and in the schemas shared with the web forms (`AUTH_MESSAGES`, zod's messages); the answer
 * puts them in the request's language here, so no throw site needs the request (decision 275).
 */
const idOfEnglish = new Map<string, string>();
for (const [id, compiled] of Object.entries(enSiteMessages as Record<string, unknown>)) {
  const text =
    typeof compiled === "string" ? compiled : Array.isArray(compiled) && compiled.length === 1 ? compiled[0] : null;
  if (typeof text === "string" && !idOfEnglish.has(text)) idOfEnglish.set(text, id);
}

/** A server message in `locale`: its catalogue translation when its English is a catalogue message, else as it is. */
export function localizedMessage(locale: Locale, message: string): string {
  if (locale === "en") return message;
  const id = idOfEnglish.get(message);
  return id ? translate(locale, id) : message;
}
