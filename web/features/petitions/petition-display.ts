import type { LocationScope, PetitionTopic } from "#contract/petitions/schemas";

/** Display rules for petitions (spec §5 "Petition display", §8 avatar fallback). Pure, unit-tested. */

export const DEFAULT_PETITION_IMAGE = "/images/wildflower-default.svg";

/** Empty, 'placeholder' and (on error, in the card) failed images show the default wildflower. */
export function petitionImageSrc(imageUrl: string | undefined | null): string {
  const url = imageUrl?.trim() ?? "";
  return url === "" || url.toLowerCase().includes("placeholder") ? DEFAULT_PETITION_IMAGE : url;
}

/**
 * The organisation avatar: first letters of the words, uppercased, at most 2; 'UO' / 'Unknown Org' (or the page
 * language's `unknownName`) when none.
 */
export function orgAvatar(
  orgName: string | undefined | null,
  unknownName = "Unknown Org",
): { initials: string; name: string } {
  const name = orgName?.trim() ?? "";
  const initials = name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? "")
    .join("")
    .toUpperCase()
    .slice(0, 2);
  return initials ? { initials, name } : { initials: "UO", name: unknownName };
}

export const TOPIC_LABELS: Record<PetitionTopic, string> = {
  wildlife: "Wildlife",
  forests: "Forests",
  oceans: "Oceans",
  climate: "Climate",
  pollution: "Pollution",
  lands: "Lands",
  water: "Water",
  other: "Other",
};

/** Each topic's colour: badge (AA text contrast) and the card's accent stripe. */
export const TOPIC_STYLES: Record<PetitionTopic, { badge: string; stripe: string }> = {
  wildlife: { badge: "bg-amber-100 text-amber-900", stripe: "bg-amber-500" },
  forests: { badge: "bg-forest-100 text-forest-800", stripe: "bg-forest-500" },
  oceans: { badge: "bg-sky-100 text-sky-900", stripe: "bg-sky-600" },
  climate: { badge: "bg-orange-100 text-orange-900", stripe: "bg-orange-500" },
  pollution: { badge: "bg-slate-200 text-slate-800", stripe: "bg-slate-500" },
  lands: { badge: "bg-sand-200 text-sand-900", stripe: "bg-sand-500" },
  water: { badge: "bg-cyan-100 text-cyan-900", stripe: "bg-cyan-600" },
  other: { badge: "bg-moss-100 text-moss-900", stripe: "bg-moss-500" },
};

export const SCOPE_LABELS: Record<LocationScope, string> = { national: "National", state: "State", local: "Local" };

/**
 * The location badge: none for national; otherwise the state code, or the scope when no state is set (in the
 * page's language when `labels` are given; the admin list uses the English ones).
 */
export function locationBadge(
  p: { location_scope: LocationScope; state?: string },
  labels: Record<LocationScope, string> = SCOPE_LABELS,
): string | null {
  if (p.location_scope === "national") return null;
  return p.state || labels[p.location_scope];
}
