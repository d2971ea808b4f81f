import { parse } from "bowser";

/**
 * The name a member sees for a device: "Safari on iPhone", "Chrome on Android", "Firefox on Linux".
 * One parser (bowser) names every session, whatever the sign-in method, the factor-change emails and a
 * passkey saved without a name (issue 42), so the same browser never shows under two names. Only this
 * label is kept, never the whole User-Agent: enough to recognise a device, little more about the person.
 */
export function clientLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os, platform } = parse(userAgent.slice(0, 512));
  // "Samsung Internet for Android on Android" says the system twice.
  const name = browser.name?.replace(/ for (Android|iOS)$/, "");
  // Apple's phones and tablets are known by the device; everything else by its system.
  const device = platform.model === "iPhone" || platform.model === "iPad" ? platform.model : os.name;
  if (name && device) return `${name} on ${device}`;
  return name || null;
}
