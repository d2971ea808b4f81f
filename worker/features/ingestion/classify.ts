import { decodeHTML, decodeHTMLAttribute } from "entities";
import { streetIn } from "#contract/events/street-address";
import { TEXT_MAX } from "./limits";

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

/**
 * Remote text cut to `max` characters before anything else reads it (decision 180): every pattern,
 * entity decoding and whitespace collapsing below runs over at most `max` characters, whatever a
 * source sends. `cut` says there was more, so the result ends in "…".
 */
function head(s: string, max: number): { text: string; cut: boolean } {
  return s.length > max ? { text: s.slice(0, max), cut: true } : { text: s, cut: false };
}

/** The finished text within `max`, marked "…" when its source was cut; empty becomes null. */
function finish(t: string, cut: boolean, max: number): string | null {
  if (!t) return null;
  if (!cut && t.length <= max) return t;
  return `${t.length >= max ? t.slice(0, max - 1) : t}…`;
}

/**
 * `<script>`/`<style>` elements and their content dropped, in one pass: once a closing tag is
 * missing, the rest of the text is inside the element (a regex with a lazy `[\s\S]*?` would rescan
 * the rest from every opening tag).
 */
function dropScripts(html: string): string {
  const lower = html.replace(/[A-Z]+/g, (m) => m.toLowerCase()); // ASCII only: indexes stay those of `html`
  let out = "";
  let at = 0;
  for (;;) {
    const script = lower.indexOf("<script", at);
    const style = lower.indexOf("<style", at);
    const open = script < 0 ? style : style < 0 ? script : Math.min(script, style);
    if (open < 0) return out + html.slice(at);
    out += html.slice(at, open);
    const end = `</${open === script ? "script" : "style"}>`;
    const close = lower.indexOf(end, open);
    if (close < 0) return out;
    at = close + end.length;
  }
}

/**
 * Every `<…>` tag dropped, in one pass: what `/<[^>]+>/g` removes, without its rescan of the rest of
 * the text from every `<` that is never closed.
 */
function dropTags(html: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const open = html.indexOf("<", at);
    if (open < 0) break;
    const close = html.indexOf(">", open + 1);
    if (close < 0) break; // no later `<` is closed either
    if (close === open + 1) {
      out += html.slice(at, open + 1); // "<>" is text
      at = open + 1;
      continue;
    }
    out += html.slice(at, open);
    at = close + 1;
  }
  return out + html.slice(at);
}

/** Line-preserving whitespace collapse: blanks to one space, none around a line break, at most one empty line. */
const collapseLines = (s: string) =>
  s
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/**
 * HTML to plain text: tags dropped, block ends become line breaks, entities decoded. The markup is
 * cut to `max` first (a tag cut in half goes with it), so the text is at most `max` characters.
 */
export function htmlToText(html: string, max: number = TEXT_MAX.description): string {
  const { text, cut } = head(html, max);
  let markup = text;
  if (cut && markup.lastIndexOf("<") > markup.lastIndexOf(">")) markup = markup.slice(0, markup.lastIndexOf("<"));
  const plain = collapseLines(
    decodeEntities(
      dropTags(
        dropScripts(markup)
          .replace(/<br\s*\/?>/gi, "\n")
          .replace(/<\/(p|div|li|h[1-6])>/gi, "\n"),
      ),
    ),
  );
  return finish(plain, cut, max) ?? "";
}

/** Collapses whitespace; empty becomes null. Long text is cut at `max` characters, before anything else. */
export function clean(s: string | null | undefined, max: number = TEXT_MAX.description): string | null {
  if (s === null || s === undefined) return null;
  const { text, cut } = head(s, max);
  return finish(text.replace(/\s+/g, " ").trim(), cut, max);
}

/** Keeps line breaks (descriptions), otherwise like `clean`. */
export function cleanMultiline(s: string | null | undefined, max: number = TEXT_MAX.description): string | null {
  if (s === null || s === undefined) return null;
  const { text, cut } = head(s, max);
  return finish(collapseLines(text), cut, max);
}

/** Only http(s) URLs are stored (a `javascript:` link must never reach a page), and none over 2 KB. */
export function webUrl(value: string | null | undefined, base?: string): string | null {
  if (!value?.trim() || value.length > TEXT_MAX.url) return null;
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

export type UsAddress = {
  /** The street line alone ("123 Main St"), never the city, state or ZIP (decision 258); null when none is named. */
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
};

/**
 * Street, city, state and ZIP from a one-line US address ("Cathedral Park, 123 Main St, Portland, OR 97201").
 * The street is the last part before the city that reads as one (a venue's name is not). Whatever cannot be
 * read is null; the pipeline geocodes from what there is.
 */
export function parseUsAddress(text: string | null): UsAddress {
  if (!text) return { street: null, city: null, state: null, postalCode: null };
  const trimmed = text.trim();
  const m = /(?:^|,)\s*([^,]+?),\s*([A-Z]{2})(?:\s+(\d{5})(?:-\d{4})?)?\s*(?:,?\s*(?:USA|United States))?\s*$/.exec(
    trimmed,
  );
  if (m?.[2] && STATE_CODES.has(m[2])) {
    const street = streetIn(trimmed.slice(0, m.index).split(","));
    return { street, city: m[1]?.trim() ?? null, state: m[2], postalCode: m[3] ?? null };
  }
  // The last ZIP-like number (one pass; a lookahead for "no later ZIP" would rescan from each one).
  const zips = [...text.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)];
  return { street: null, city: null, state: null, postalCode: zips.at(-1)?.[1] ?? null };
}

/** A labelled price line inside a description ("Cost: Free", "Price: $15"); unlabelled text is never read as one. */
const PRICE_LINE = /^[ \t]*(?:cost|price|admission|fee|tickets?)[ \t]*:[ \t]*([^\n]{1,40})$/im;

/**
 * A source's price as US cents (decision 258): "Free", "No cost", "$0" are 0; "$15" or "$12.50" their amount (a
 * range, "$10–20", its lowest). Anything else, or nothing, is null: unknown, so the page states no offer.
 */
export function parsePrice(text: string | null | undefined): number | null {
  const t = text?.trim().slice(0, 40);
  if (!t) return null;
  if (/^(?:free\b|no (?:cost|charge)\b)/i.test(t)) return 0;
  const m = /^(?:usd\s?)?\$\s?(\d{1,5})(?:\.(\d{2}))?(?!\d)/i.exec(t);
  return m ? Number(m[1]) * 100 + Number(m[2] ?? 0) : null;
}

/** The price a description states on a labelled line of its own, else null. */
export const priceInText = (text: string | null | undefined): number | null =>
  parsePrice(text ? PRICE_LINE.exec(text.slice(0, 5000))?.[1] : null);
