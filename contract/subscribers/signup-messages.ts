import { ALREADY_SUBSCRIBED_MESSAGE, INVALID_LINK_MESSAGE, SIGNUP_MESSAGES } from "./signup-rules";

/**
 * The signup's messages in a language (issue 46): the same ids for the form (`useT().t`) and the API
 * (`translatorFor(requestLocale(c))`), from locales/<locale>/site/subscribe.json. The English catalogue holds
 * SIGNUP_MESSAGES' spec text unchanged; the zod schemas keep their English messages, which these functions put in
 * the reader's language.
 */
type Translate = (id: string, values?: Record<string, string>) => string;
export type SignupMessageKey = keyof typeof SIGNUP_MESSAGES;

export const signupMessages = (t: Translate): Record<SignupMessageKey, { title: string; description: string }> => ({
  rateLimited: { title: t("subscribe.rateLimited.title"), description: t("subscribe.rateLimited.description") },
  name: { title: t("subscribe.name.title"), description: t("subscribe.name.description") },
  email: { title: t("subscribe.email.title"), description: t("subscribe.email.description") },
  zip: { title: t("subscribe.zip.title"), description: t("subscribe.zip.description") },
  alreadySubscribed: {
    title: t("subscribe.alreadySubscribed.title"),
    description: t("subscribe.alreadySubscribed.description"),
  },
  deleted: { title: t("subscribe.deleted.title"), description: t("subscribe.deleted.description") },
  failure: { title: t("subscribe.failure.title"), description: t("subscribe.failure.description") },
  success: { title: t("subscribe.success.title"), description: t("subscribe.success.description") },
});

/**
 * An English message of the signup's (a zod issue, SIGNUP_MESSAGES, the 409s, the link's) in `t`'s language;
 * any other text as it is.
 */
export function localSignupMessage(t: Translate, english: string): string {
  if (english === ALREADY_SUBSCRIBED_MESSAGE) return t("subscribe.alreadySubscribedApi");
  if (english === INVALID_LINK_MESSAGE) return t("subscribe.invalidLink");
  const local = signupMessages(t);
  for (const [key, message] of Object.entries(SIGNUP_MESSAGES) as [SignupMessageKey, typeof SIGNUP_MESSAGES.name][]) {
    if (message.description === english) return local[key].description;
    if (message.title === english) return local[key].title;
  }
  return english;
}
