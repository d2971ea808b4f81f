import {
  classifyCategory,
  clean,
  cleanMultiline,
  decodeAttribute,
  decodeEntities,
  looksVirtual,
  parseUsAddress,
  webUrl,
} from "../classify";
import { fetchSource, readText, SourceError } from "../http";
import { listedEnd, parseListingDate } from "../local-time-parse";
import type { AdapterContext, AdapterResult, Candidate, HtmlField, HtmlSelectors, SourceConfig } from "../types";

type FieldName = Exclude<keyof HtmlSelectors, "item">;
const BREAKS = ["br", "p", "li", "div"];
type RawItem = Partial<Record<FieldName, string>>;

/**
 * The items of one listing page, streamed through HTMLRewriter (workerd's HTML parser): a new
 * item starts at each `item` match; each field takes the first match inside it (its attribute,
 * or its text), entities decoded in both: HTMLRewriter hands
 * both over raw, so `&amp;` would otherwise stay in registration URLs and external ids.
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
          item[name] = el.getAttribute(field.attr) ?? "";
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
        if (active && item) item[name] = (item[name] ?? "") + chunk.text;
      },
    });
    if (field.attr) continue;
    // Line breaks and blocks inside a text field separate words ("hour.<br>Binoculars").
    rewriter = rewriter.on(BREAKS.map((tag) => `${selectors.item} ${field.selector} ${tag}`).join(", "), {
      element() {
        const item = current;
        if (active && item) item[name] = `${item[name] ?? ""}\n`;
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
  const title = clean(raw.title, 200) ?? "";
  const link = webUrl(raw.link, pageUrl);
  const description = cleanMultiline(raw.description);
  const location = clean(raw.location, 300);
  const venue = clean(raw.venue, 200) ?? (location ? (clean(location.split(",")[0], 200) ?? null) : null);
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
    address: location,
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
      const res = await fetchSource(ctx.fetch, url, { timeoutMs: ctx.timeoutMs, accept: "text/html" });
      html = await readText(res, url, ctx.timeoutMs);
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
