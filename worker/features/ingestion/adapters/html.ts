import {
  classifyCategory,
  clean,
  cleanMultiline,
  decodeAttribute,
  decodeEntities,
  looksVirtual,
  parsePrice,
  parseUsAddress,
  priceInText,
  webUrl,
} from "../classify";
import { fetchSourceText, SourceError } from "../http";
import { MAX_BODY_BYTES, TEXT_MAX } from "../limits";
import { listedEnd, parseListingDate } from "../local-time-parse";
import type { AdapterContext, AdapterResult, Candidate, HtmlField, HtmlSelectors, SourceConfig } from "../types";

type FieldName = Exclude<keyof HtmlSelectors, "item">;
const BREAKS = ["br", "p", "li", "div"];
type RawItem = Partial<Record<FieldName, string>>;

/**
 * How much of each field is kept while the page streams by (decision 180): its stored length, so
 * entity decoding and cleaning never see more. A text cut here ends in "…".
 */
const FIELD_MAX: Record<FieldName, number> = {
  title: TEXT_MAX.title,
  link: TEXT_MAX.url,
  start: TEXT_MAX.date,
  end: TEXT_MAX.date,
  venue: TEXT_MAX.venue,
  location: TEXT_MAX.location,
  description: TEXT_MAX.description,
  image: TEXT_MAX.url,
  price: 40,
};

/** Appends streamed text to a field, up to its maximum; the first cut adds the "…". */
function append(value: string | undefined, more: string, max: number): string {
  const now = value ?? "";
  if (now.length > max) return now;
  const next = now + more;
  return next.length > max ? `${next.slice(0, max)}…` : next;
}

/**
 * The items of one listing page, streamed through HTMLRewriter (workerd's HTML parser): a new
 * item starts at each `item` match; each field takes the first match inside it (its attribute,
 * or its text), entities decoded in both: HTMLRewriter hands
 * both over raw, so `&amp;` would otherwise stay in registration URLs and external ids. Each field
 * keeps at most its stored length (FIELD_MAX), before its entities are decoded.
 */
export async function extractItems(html: string, selectors: HtmlSelectors): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let current: RawItem | null = null;
  let rewriter = new HTMLRewriter().on(selectors.item, {
    element() {
      current = {};
      items.push(current);
    },
  });
  const fields = Object.entries(selectors).filter(([name]) => name !== "item") as [FieldName, HtmlField][];
  for (const [name, field] of fields) {
    let active = false;
    rewriter = rewriter.on(`${selectors.item} ${field.selector}`, {
      element(el) {
        const item = current;
        if (!item || item[name] !== undefined) return;
        if (field.attr) {
          // An attribute over its maximum is kept one character too long: webUrl refuses it whole.
          item[name] = (el.getAttribute(field.attr) ?? "").slice(0, FIELD_MAX[name] + 1);
          return;
        }
        item[name] = "";
        active = true;
        el.onEndTag(() => {
          active = false;
        });
      },
      text(chunk) {
        const item = current;
        if (active && item) item[name] = append(item[name], chunk.text, FIELD_MAX[name]);
      },
    });
    if (field.attr) continue;
    // Line breaks and blocks inside a text field separate words ("hour.<br>Binoculars").
    rewriter = rewriter.on(BREAKS.map((tag) => `${selectors.item} ${field.selector} ${tag}`).join(", "), {
      element() {
        const item = current;
        if (active && item) item[name] = append(item[name], "\n", FIELD_MAX[name]);
      },
    });
  }
  await rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html" } })).arrayBuffer();
  return items.map((item) =>
    Object.fromEntries(
      Object.entries(item).map(([k, v]) => [
        k,
        fields.find(([n]) => n === k)?.[1].attr ? decodeAttribute(v ?? "") : decodeEntities(v ?? ""),
      ]),
    ),
  );
}

function toCandidate(source: SourceConfig, raw: RawItem, pageUrl: string, now: Date): Candidate {
  const title = clean(raw.title, TEXT_MAX.title) ?? "";
  const link = webUrl(raw.link, pageUrl);
  const description = cleanMultiline(raw.description);
  const location = clean(raw.location, TEXT_MAX.location);
  const venue =
    clean(raw.venue, TEXT_MAX.venue) ?? (location ? (clean(location.split(",")[0], TEXT_MAX.venue) ?? null) : null);
  const year = now.getUTCFullYear();
  const start = parseListingDate(raw.start, year);
  const text = `${title} ${description ?? ""}`;
  const address = parseUsAddress(location);
  return {
    // The event's own page is its identity; without one, its title and date are.
    externalId: link ?? `${title}|${raw.start ?? ""}`.toLowerCase(),
    title,
    description,
    venueName: venue,
    address: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    lat: null,
    lon: null,
    start,
    end: listedEnd(parseListingDate(raw.end, year)),
    allDay: start?.kind === "local" && start.time === null,
    registrationUrl: link,
    imageUrl: webUrl(raw.image, pageUrl),
    priceCents: parsePrice(raw.price) ?? priceInText(description),
    isVirtual: looksVirtual(location, text),
    category: classifyCategory(title, description ?? "", source.defaultCategory),
  };
}

export const pageUrl = (source: SourceConfig, pageIndex: number) =>
  source.url.replace("{page}", String((source.firstPage ?? 1) + pageIndex));

/**
 * Reads up to `ctx.pages` listing pages from `ctx.startPage`. It stops early at an empty page or
 * one that repeats the previous page (sites that ignore an out-of-range page number). A failure
 * after some pages keeps what was read and reports the error.
 */
export async function readHtmlSource(source: SourceConfig, ctx: AdapterContext): Promise<AdapterResult> {
  const selectors = source.selectors;
  if (!selectors) throw new SourceError(`Source ${source.key} has no selectors configured`);
  const candidates: Candidate[] = [];
  let found = 0;
  let pages = 0;
  let previousFirst: string | null = null;
  for (let i = 0; i < ctx.pages; i++) {
    const url = pageUrl(source, ctx.startPage + i);
    let html: string;
    try {
      html = await fetchSourceText(ctx.fetch, url, {
        timeoutMs: ctx.timeoutMs,
        maxBytes: MAX_BODY_BYTES.html,
        accept: "text/html",
      });
    } catch (err) {
      if (pages === 0) throw err;
      return { pages, found, candidates, error: `Page ${ctx.startPage + i + 1}: ${(err as Error).message}` };
    }
    pages++;
    const items = await extractItems(html, selectors);
    if (items.length === 0) break;
    const first = `${items[0]?.link ?? ""}|${items[0]?.title ?? ""}`;
    if (first === previousFirst) break;
    previousFirst = first;
    for (const raw of items) {
      found++;
      candidates.push(toCandidate(source, raw, url, ctx.now));
    }
  }
  return { pages, found, candidates };
}
