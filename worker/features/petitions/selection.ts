import {
  LOCATION_SCOPES,
  type LocationScope,
  PETITION_TOPICS,
  type Petition,
  type PetitionTopic,
  type PublicPetition,
  US_STATE_CODES,
  type UsState,
} from "#contract/petitions/schemas";
import { isWebUrl } from "#contract/platform/field-rules";

/**
 * Pure rules for the stored petition list: reading it tolerantly and choosing what the public
 * blocks show (spec §5 "Petition display", §9 "Petitions shown").
 */

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/**
 * The stored value as a list of petitions. It is JSON written by us, but older records may use
 * `organization`, miss ids or hold unknown topics, so every field is normalised rather than trusted:
 * unknown topic → 'other' (the spec's default), unknown scope → 'national', invalid state dropped.
 */
export function normalizeStoredList(value: unknown, newId: () => string = () => crypto.randomUUID()): Petition[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: Petition[] = [];
  for (const raw of value) {
    if (!raw || typeof raw !== "object") continue;
    const item = raw as Record<string, unknown>;
    let id = str(item.id);
    if (!id || seen.has(id)) id = newId();
    seen.add(id);
    const topic = PETITION_TOPICS.includes(item.topic as PetitionTopic) ? (item.topic as PetitionTopic) : "other";
    const scope = LOCATION_SCOPES.includes(item.location_scope as LocationScope)
      ? (item.location_scope as LocationScope)
      : "national";
    const state = str(item.state).toUpperCase();
    const petition: Petition = {
      id,
      title: str(item.title),
      url: str(item.url),
      org_name: str(item.org_name) || str(item.organization),
      topic,
      location_scope: scope,
      verified: item.verified === true,
    };
    const image = str(item.image_url);
    if (image) petition.image_url = image;
    if (scope !== "national" && US_STATE_CODES.includes(state as UsState)) petition.state = state as UsState;
    out.push(petition);
  }
  return out;
}

/** The petition url with utm_source=website, utm_medium=quick_wins and the caller's utm_campaign. */
export function trackedLink(url: string, campaign?: string): string {
  const link = new URL(url);
  link.searchParams.set("utm_source", "website");
  link.searchParams.set("utm_medium", "quick_wins");
  if (campaign) link.searchParams.set("utm_campaign", campaign);
  return link.toString();
}

/**
 * What a public block shows: verified petitions with a title and a (web) url, the preferred topic
 * first (otherwise the admin's order is kept), at most `limit`.
 */
export function selectPublicPetitions(
  list: Petition[],
  opts: { topic?: PetitionTopic; limit: number; campaign?: string },
): PublicPetition[] {
  const shown = list.filter((p) => p.verified && p.title && p.url && isWebUrl(p.url));
  // Array.prototype.sort is stable, so within each group the admin's order stands.
  if (opts.topic) shown.sort((a, b) => Number(b.topic === opts.topic) - Number(a.topic === opts.topic));
  return shown
    .slice(0, opts.limit)
    .map(({ verified: _verified, ...p }) => ({ ...p, link: trackedLink(p.url, opts.campaign) }));
}
