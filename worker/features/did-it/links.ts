import { DEFAULT_LOCALE, type Locale, localizePath } from "#contract/i18n/locales";
import { LINKED_PATHS } from "#contract/pages/linked-paths";
import type { Config } from "../../platform/config";
import { type DidItClaims, signDidItToken } from "./token";

/**
 * The weekly email's per-recipient "I did it" link (decision 196). Null when no link can be signed
 * (JWT_SECRET unset or short, which the admin's security scan reports): the email still goes, without it.
 * `locale` is the subscriber's: a Spanish email links to the Spanish page (/es/did-it).
 */
export async function didItUrl(
  config: Config,
  claims: DidItClaims,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<string | null> {
  try {
    const url = new URL(localizePath(LINKED_PATHS.didIt, locale), config.siteOrigin);
    url.searchParams.set("token", await signDidItToken(config, claims, now));
    return url.toString();
  } catch (error) {
    console.error('weekly email: no "I did it" link', error);
    return null;
  }
}

/** `didItUrl` bound to a deployment's config: the email's `EmailDeps.didItUrl`. */
export const didItUrlFor = (config: Config) => (claims: DidItClaims, now: Date, locale?: Locale) =>
  didItUrl(config, claims, now, locale);
