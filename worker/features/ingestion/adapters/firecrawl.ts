import { classifyCategory, clean, cleanMultiline, looksVirtual, parsePrice, parseUsAddress, webUrl } from "../classify";
import { fetchSourceText, SourceError } from "../http";
import { MAX_BODY_BYTES, TEXT_MAX } from "../limits";
import { listedEnd, parseListingDate } from "../local-time-parse";
import type { AdapterContext, AdapterResult, Candidate, SourceConfig } from "../types";

export const FIRECRAWL_ENDPOINT = "https://api.firecrawl.dev/v2/scrape";

/** What we ask Firecrawl's LLM extraction to return for the page. */
const EVENTS_SCHEMA = {
  type: "object",
  properties: {
    events: {
      type: "array",
      items: {
        type: "object",
        properties: {
          title: { type: "string" },
          start: { type: "string", description: "Start date and time as written, ISO 8601 if possible" },
          end: { type: "string" },
          location: { type: "string", description: "Venue and address, or 'Online'" },
          url: { type: "string", description: "Link to the event's page or registration" },
          description: { type: "string" },
          image: { type: "string" },
          price: { type: "string", description: "What it costs to attend as written: 'Free' or '$10'" },
        },
        required: ["title", "start"],
      },
    },
  },
  required: ["events"],
} as const;

type CrawledEvent = Partial<
  Record<"title" | "start" | "end" | "location" | "url" | "description" | "image" | "price", string>
>;

function toCandidate(source: SourceConfig, e: CrawledEvent, now: Date): Candidate {
  const title = clean(e.title, TEXT_MAX.title) ?? "";
  const location = clean(e.location, TEXT_MAX.location);
  const description = cleanMultiline(e.description);
  const link = webUrl(e.url, source.url);
  const start = parseListingDate(e.start, now.getUTCFullYear());
  const text = `${title} ${description ?? ""}`;
  const address = parseUsAddress(location);
  return {
    externalId: link ?? `${title}|${e.start ?? ""}`.toLowerCase(),
    title,
    description,
    venueName: location ? (clean(location.split(",")[0], TEXT_MAX.venue) ?? null) : null,
    address: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    lat: null,
    lon: null,
    start,
    end: listedEnd(parseListingDate(e.end, now.getUTCFullYear())),
    allDay: start?.kind === "local" && start.time === null,
    registrationUrl: link,
    imageUrl: webUrl(e.image, source.url),
    priceCents: parsePrice(e.price),
    isVirtual: looksVirtual(location, text),
    category: classifyCategory(title, description ?? "", source.defaultCategory),
  };
}

/** One scrape of the source page with JSON extraction (Firecrawl v2). One page per run. */
export async function readFirecrawlSource(source: SourceConfig, ctx: AdapterContext): Promise<AdapterResult> {
  if (!ctx.apiKey) throw new SourceError("FIRECRAWL_API_KEY is not set");
  const text = await fetchSourceText(ctx.fetch, FIRECRAWL_ENDPOINT, {
    timeoutMs: ctx.timeoutMs,
    maxBytes: MAX_BODY_BYTES.firecrawl,
    accept: "application/json",
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: { Authorization: `Bearer ${ctx.apiKey}` },
    body: JSON.stringify({
      url: source.url,
      onlyMainContent: true,
      formats: [
        { type: "json", schema: EVENTS_SCHEMA, prompt: "List every upcoming event on this page with its details." },
      ],
    }),
  });
  let body: { success?: boolean; error?: string; data?: { json?: { events?: CrawledEvent[] } } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new SourceError("Firecrawl answered with invalid JSON");
  }
  if (body.success === false) throw new SourceError(`Firecrawl: ${body.error ?? "scrape failed"}`);
  const events = Array.isArray(body.data?.json?.events) ? body.data.json.events : [];
  return { pages: 1, found: events.length, candidates: events.map((e) => toCandidate(source, e, ctx.now)) };
}
