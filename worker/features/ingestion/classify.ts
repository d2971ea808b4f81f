import { decodeHTML, decodeHTMLAttribute } from "entities";

/** Heuristics that turn a source's free text into our fields. Order matters: first match wins. */

const CATEGORY_RULES: [string, RegExp][] = [
  ["cleanup", /\b(clean[\s-]?ups?|litter|trash|debris|pick[\s-]?up)\b/i],
  ["oceans", /\b(ocean|beach|coast(al)?|marine|tide ?pools?|reef|surf|whales?|sea ?turtles?|shoreline)\b/i],
  [
    "forest_restoration",
    /\b(tree planting|plant(ing)? trees|reforest\w*|restor\w*|invasive|ivy pull|weed\w*|native plants?|trail work|stewardship)\b/i,
  ],
  [
    "wildlife",
    /\b(bird\w*|wildlife|owls?|raptors?|butterfl\w+|pollinators?|bats?|habitat|wildflowers?|hawks?|eagles?|count)\b/i,
  ],
  ["climate_action", /\b(climate|carbon|solar|renewable|emissions?|clean energy|electric vehicles?|fossil)\b/i],
  ["education", /\b(talk|lecture|workshop|class|webinar|course|presentation|film|training|walk and talk|program)\b/i],
];

/** The title decides when it can ("Dune Restoration" near a beach is restoration); else the rest. */
export function classifyCategory(title: string, rest: string, fallback: string): string {
  for (const text of [title, rest]) {
    for (const [category, pattern] of CATEGORY_RULES) if (pattern.test(text)) return category;
  }
  return fallback;
}

const VIRTUAL = /\b(online|virtual|zoom|webinar|livestream|google meet|microsoft teams)\b/i;

/** An event is online when its location says so (or it has no place but the text says so). */
export function looksVirtual(location: string | null, text: string): boolean {
  if (location) return VIRTUAL.test(location);
  return /\b(online event|virtual event|via zoom|on zoom|webinar)\b/i.test(text);
}

/** Entity-decoded page text (every HTML5 named entity, numeric ones, legacy forms without `;`). */
export const decodeEntities = (s: string): string => decodeHTML(s);

/** Entity-decoded attribute value: `&amp;` in an href becomes `&`, `&copy=` in a query stays. */
export const decodeAttribute = (s: string): string => decodeHTMLAttribute(s);

/** HTML to plain text: tags dropped, block ends become line breaks, entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|div|li|h[1-6])>/gi, "\n")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Collapses whitespace; empty becomes null. Long text is cut at `max` characters. */
export function clean(s: string | null | undefined, max = 5000): string | null {
  if (s === null || s === undefined) return null;
  const t = s.replace(/\s+/g, " ").trim();
  if (!t) return null;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Keeps line breaks (descriptions), otherwise like `clean`. */
export function cleanMultiline(s: string | null | undefined, max = 5000): string | null {
  if (s === null || s === undefined) return null;
  const t = s
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!t) return null;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Only http(s) URLs are stored (a `javascript:` link must never reach a page). */
export function webUrl(value: string | null | undefined, base?: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const US_STATES =
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR";
const STATE_CODES = new Set(US_STATES.split(" "));

/**
 * City, state and ZIP from a one-line US address ("123 Main St, Portland, OR 97201"). Whatever
 * cannot be read is null; the pipeline geocodes from what there is.
 */
export function parseUsAddress(text: string | null): {
  city: string | null;
  state: string | null;
  postalCode: string | null;
} {
  if (!text) return { city: null, state: null, postalCode: null };
  const m = /(?:^|,)\s*([^,]+?),\s*([A-Z]{2})(?:\s+(\d{5})(?:-\d{4})?)?\s*(?:,?\s*(?:USA|United States))?\s*$/.exec(
    text.trim(),
  );
  if (m?.[2] && STATE_CODES.has(m[2])) {
    return { city: m[1]?.trim() ?? null, state: m[2], postalCode: m[3] ?? null };
  }
  const zip = /\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/.exec(text);
  return { city: null, state: null, postalCode: zip?.[1] ?? null };
}
