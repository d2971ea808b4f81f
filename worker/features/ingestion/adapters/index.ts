import type { AdapterContext, AdapterResult, SourceConfig, SourceType } from "../types";
import { readFirecrawlSource } from "./firecrawl";
import { readHtmlSource } from "./html";
import { readIcsSource } from "./ics";
import { readNpsSource } from "./nps-api";

/** One adapter per source type (ARCHITECTURE.md §8). */
export const ADAPTERS: Record<SourceType, (source: SourceConfig, ctx: AdapterContext) => Promise<AdapterResult>> = {
  ics: readIcsSource,
  html: readHtmlSource,
  api: readNpsSource,
  firecrawl: readFirecrawlSource,
};
