import { classifyCategory, clean, cleanMultiline, htmlToText, looksVirtual, parseUsAddress, webUrl } from "../classify";
import { fetchSourceText, SourceError } from "../http";
import { MAX_BODY_BYTES, TEXT_MAX } from "../limits";
import { parseClock } from "../local-time-parse";
import type { AdapterContext, AdapterResult, Candidate, SourceConfig } from "../types";

export const NPS_PAGE_SIZE = 50;
/** A daily ranger program lists every date of its season; later dates come with later runs. */
const MAX_DATES_PER_EVENT = 60;

type NpsTime = { timestart?: string; timeend?: string; sunrisestart?: string; sunsetend?: string };
type NpsEvent = {
  id?: string;
  title?: string;
  description?: string;
  location?: string;
  latitude?: string;
  longitude?: string;
  date?: string;
  dates?: string[];
  times?: NpsTime[];
  isallday?: string;
  regresurl?: string;
  infourl?: string;
  parkfullname?: string;
  category?: string;
  types?: string[];
  tags?: string[];
  images?: { url?: string }[];
  /** "true" for a free program; the fee, when there is one, is free text (feeinfo), not read. */
  isfree?: string;
};
type NpsPage = { total?: string | number; start?: string | number; data?: NpsEvent[] };

const number = (s: string | undefined) => {
  const n = s?.trim() ? Number(s) : Number.NaN;
  return Number.isFinite(n) && n !== 0 ? n : null;
};

/** One NPS event (which lists its dates) as one candidate per date. */
export function mapNpsEvent(source: SourceConfig, e: NpsEvent): Candidate[] {
  const dates = (e.dates?.length ? e.dates : e.date ? [e.date] : []).slice(0, MAX_DATES_PER_EVENT);
  const time = e.times?.[0];
  const startClock = typeof time?.timestart === "string" ? parseClock(time.timestart) : null;
  const endClock = typeof time?.timeend === "string" ? parseClock(time.timeend) : null;
  const allDay = e.isallday === "true" || !startClock;
  const title = clean(e.title, TEXT_MAX.title) ?? "";
  const description = typeof e.description === "string" ? htmlToText(e.description) : null;
  const keywords = [...(e.types ?? []), ...(e.tags ?? [])].join(" ").slice(0, TEXT_MAX.keywords);
  const text = `${title} ${keywords} ${description ?? ""}`;
  const location = clean(e.location, TEXT_MAX.location);
  const image = e.images?.[0]?.url;
  const base = {
    title,
    description: cleanMultiline(description),
    venueName: clean(e.parkfullname, TEXT_MAX.venue) ?? location,
    // A park's "location" is mostly a place name ("Visitor Center"): only a street line is an address.
    address: parseUsAddress(location).street,
    city: null,
    state: null,
    postalCode: null,
    lat: number(e.latitude),
    lon: number(e.longitude),
    allDay,
    registrationUrl:
      webUrl(e.regresurl) ??
      webUrl(e.infourl) ??
      (e.id ? `https://www.nps.gov/planyourvisit/event-details.htm?id=${encodeURIComponent(e.id)}` : null),
    imageUrl: image ? webUrl(image, "https://www.nps.gov") : null,
    priceCents: e.isfree === "true" ? 0 : null,
    isVirtual: looksVirtual(location, text),
    category: classifyCategory(title, text, source.defaultCategory),
  };
  return dates.map((date) => ({
    ...base,
    externalId: `${e.id ?? ""}:${date}`,
    start: /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? { kind: "local" as const, date, time: allDay ? null : startClock }
      : { kind: "invalid" as const, raw: date },
    end:
      !allDay && endClock && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { kind: "local" as const, date, time: endClock } : null,
  }));
}

/** The NPS events API: `pageSize`/`pageNumber` paging, the key in X-Api-Key. */
export async function readNpsSource(source: SourceConfig, ctx: AdapterContext): Promise<AdapterResult> {
  if (!ctx.apiKey) throw new SourceError("NPS_API_KEY is not set");
  const candidates: Candidate[] = [];
  let found = 0;
  let pages = 0;
  for (let i = 0; i < ctx.pages; i++) {
    const pageNumber = ctx.startPage + i + 1;
    const url = `${source.url}?pageSize=${NPS_PAGE_SIZE}&pageNumber=${pageNumber}`;
    let page: NpsPage;
    try {
      const text = await fetchSourceText(ctx.fetch, url, {
        timeoutMs: ctx.timeoutMs,
        maxBytes: MAX_BODY_BYTES.api,
        accept: "application/json",
        credentials: { "X-Api-Key": ctx.apiKey },
      });
      page = JSON.parse(text) as NpsPage;
    } catch (err) {
      const error = err instanceof SyntaxError ? new SourceError("The NPS API answered with invalid JSON") : err;
      if (pages === 0) throw error;
      return { pages, found, candidates, error: `Page ${pageNumber}: ${(error as Error).message}` };
    }
    pages++;
    const data = Array.isArray(page.data) ? page.data : [];
    for (const e of data) {
      const mapped = mapNpsEvent(source, e);
      found += Math.max(1, mapped.length);
      candidates.push(...mapped);
    }
    // The answer says where it started and how many there are in all: stop at the end.
    const total = Number(page.total ?? 0);
    const start = Number(page.start ?? (pageNumber - 1) * NPS_PAGE_SIZE);
    if (data.length === 0 || start + data.length >= total) break;
  }
  return { pages, found, candidates };
}
