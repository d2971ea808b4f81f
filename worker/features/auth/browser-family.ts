/**
 * The browser family of a User-Agent, for the member's session list ("Firefox on this device?"). Only
 * the family is kept, never the whole string: it is enough to recognise a device and says little
 * more about the person. Order matters: Edge and Opera also claim Chrome, Chrome also claims Safari.
 */
const FAMILIES: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

export function browserFamily(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  for (const [pattern, family] of FAMILIES) if (pattern.test(ua)) return family;
  return null;
}
