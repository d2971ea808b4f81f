import type { Locale } from "#contract/i18n/locales";
import { read, signedInApi } from "../../lib/api";

/** The spec's export-weekly-content: the current action as social-post text, in `lang` when written there. */
export const fetchWeeklyContent = (lang: Locale) =>
  read(signedInApi.api.admin["content-export"].$post({ query: { lang } }));
