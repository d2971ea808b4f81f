import type { Context } from "hono";
import { searchQuerySchema } from "#contract/events/schemas";
import type { PageData } from "#contract/pages/render-contract";
import { publicPetitionsQuerySchema } from "#contract/petitions/schemas";
import type { AppBindings } from "../../platform/hono";
import { findCurrentAction, findPublishedBySlug, listPastActionsPage } from "../actions/service";
import { siteImpact } from "../completions/impact";
import { readDidIt } from "../did-it/service";
import { findEventPage } from "../events/event-page";
import { listedEventsPage } from "../events/listing";
import { findSource } from "../ingestion/sources";
import { selectPublicPetitions } from "../petitions/selection";
import { readPetitions } from "../petitions/service";
import { currentTip } from "../tips/service";

/**
 * The page renderer's data, read from the feature services exactly as the public API routes read it
 * (same schemas, same clock, same bodies), so the cache the browser hydrates equals what it would
 * have fetched. Memoised per request: the action page's meta tags and its render share one read.
 */
export function pageData(c: Context<AppBindings>): PageData {
  const { db, config } = c.var;
  const now = new Date();
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, read());
    return memo.get(key) as Promise<T>;
  };
  return {
    currentAction: () =>
      once("current", async () => ({ action: await findCurrentAction(db, config.SITE_TIMEZONE, now) })),
    archive: (limit) => once(`archive:${limit}`, () => listPastActionsPage(db, config.SITE_TIMEZONE, now, limit)),
    actionBySlug: (slug) =>
      once(`slug:${slug}`, async () => ({
        action: await findPublishedBySlug(db, config.SITE_TIMEZONE, now, slug),
      })),
    petitions: (params) =>
      once(`petitions:${JSON.stringify(params)}`, async () => {
        const { campaign, topic, limit } = publicPetitionsQuerySchema.parse(params);
        const list = await readPetitions(db, c.env.KV);
        return { petitions: selectPublicPetitions(list, { topic, limit, campaign: campaign || undefined }) };
      }),
    events: (params) =>
      once(`events:${JSON.stringify(params)}`, () =>
        listedEventsPage(db, searchQuerySchema.parse(params), {
          now,
          siteTimeZone: config.SITE_TIMEZONE,
          siteOrigin: config.siteOrigin,
        }),
      ),
    eventPage: (id) =>
      once(`event:${id}`, async () => ({
        event: await findEventPage(db, id, {
          now,
          siteTimeZone: config.SITE_TIMEZONE,
          siteOrigin: config.siteOrigin,
          siteName: config.SITE_NAME,
          sourceOf: findSource,
        }),
      })),
    currentTip: () => once("tip", async () => ({ tip: await currentTip(db) })),
    siteImpact: () => once("impact", async () => ({ impact: await siteImpact(db) })),
    didIt: (token) => once(`did-it:${token}`, async () => ({ did_it: await readDidIt(db, config, token, now) })),
  };
}
