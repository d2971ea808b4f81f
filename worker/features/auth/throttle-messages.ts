import { translatorFor } from "../../platform/i18n";

type Translate = ReturnType<typeof translatorFor>;

/** "45 seconds" / "3 minutes" in the reader's language, for 429 messages people can act on. */
export function waitText(t: Translate, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60 ? t("account.wait.seconds", { count: s }) : t("account.wait.minutes", { count: Math.ceil(s / 60) });
}

/** "in 45 seconds" / "in 3 minutes" (or without "in"), in English. */
export function formatWait(seconds: number, withIn = true): string {
  const text = waitText(translatorFor("en"), seconds);
  return withIn ? `in ${text}` : text;
}
