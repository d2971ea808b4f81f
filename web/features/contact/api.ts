import type { ContactInput } from "#contract/contact/schemas";
import { api, read } from "../../lib/api";

/** `headers` carries the bot check's token (web/lib/bot-check.tsx). */
export const sendContactMessage = (json: ContactInput, headers: Record<string, string> = {}) =>
  read(api.api.contact.$post({ json }, { headers }));
