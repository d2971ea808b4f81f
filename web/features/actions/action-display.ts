import type { ActionImpact } from "#contract/actions/impact-words";
import type { ActionLink, PublicAction } from "#contract/actions/schemas";
import { actionPagePath } from "#contract/pages/linked-paths";

/** `useT().t` (web/lib/i18n.tsx), written out: this module is also read by the Worker's and Node's programs. */
type Translate = (id: string, values?: Record<string, string | number>) => string;

export const DEFAULT_ACTION_IMAGE = "/images/wildflower-default.svg";
/** The default stored with an action (contract/actions/schemas.ts), repeated so public pages do not load zod. */
const DEFAULT_CTA_LABEL = "Do This Week's Action";

/**
 * The action's button label. An action without its own label stores the site's default ("Do This Week's Action",
 * contract/actions/schemas.ts): that one is the site's text, not the action's, so it is shown in the page's language.
 */
export const ctaLabel = (label: string | null | undefined, t: Translate): string =>
  !label || label === DEFAULT_CTA_LABEL ? t("actions.cta.default") : label;

/** The spec's fallback content for the home card when the action is missing or fails to load. */
export const fallbackAction = (t: Translate) => ({
  title: t("actions.fallback.title"),
  summary: t("actions.fallback.summary"),
  time_required: t("actions.fallback.time"),
  materials: [t("actions.fallback.seeds"), t("actions.fallback.soil"), t("actions.fallback.tools")],
  image_url: DEFAULT_ACTION_IMAGE,
});

/**
 * "12 members did this · 3 shared how it went", in the page's language (the weekly email says the same in English
 * through contract/actions/impact-words.ts); null while nobody has recorded the action.
 */
export function impactText(impact: ActionImpact | undefined, t: Translate, tag: string): string | null {
  if (!impact || impact.completed_count <= 0) return null;
  const members = t("actions.impact.members", { count: impact.completed_count });
  const notes = impact.with_notes_count;
  return notes > 0 ? t("actions.impact.withNotes", { members, notes: notes.toLocaleString(tag) }) : members;
}

/** Spec §3: non-string or empty materials are dropped on display (stored JSON may predate validation). */
export function displayMaterials(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((m): m is string => typeof m === "string" && m.trim() !== "") : [];
}

/** Spec (preview): links are used only when every item has a label and a url; otherwise none. */
export function acceptedLinks(list: unknown): ActionLink[] {
  if (!Array.isArray(list)) return [];
  const ok = list.every(
    (l) =>
      typeof l === "object" &&
      l !== null &&
      typeof l.label === "string" &&
      l.label &&
      typeof l.url === "string" &&
      l.url,
  );
  return ok ? (list as ActionLink[]) : [];
}

// Calendar dates: formatted in UTC, where "YYYY-MM-DD" is that very day for every viewer and the server. The
// formatters are made once per language: `toLocaleDateString` with options builds a new one on every call, which
// was the costliest function of a server render of /actions (bench/README.md, page CPU profile).
const formatters = new Map<string, { monthDay: Intl.DateTimeFormat; monthDayYear: Intl.DateTimeFormat }>();

function dateFormatters(tag: string) {
  let made = formatters.get(tag);
  if (!made) {
    made = {
      monthDay: new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: "long", day: "numeric" }),
      monthDayYear: new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }),
    };
    formatters.set(tag, made);
  }
  return made;
}

/**
 * "May 4 – May 10, 2026" (or one date when they are the same day); in Spanish (`es-US`) "4 de mayo – 10 de mayo
 * de 2026".
 */
export function formatDateRange(start: string | null, end: string | null, tag = "en-US"): string | null {
  if (!start || !end) return null;
  const s = new Date(`${start}T00:00:00Z`);
  const e = new Date(`${end}T00:00:00Z`);
  const { monthDay, monthDayYear } = dateFormatters(tag);
  const format = (d: Date, withYear: boolean) => (withYear ? monthDayYear : monthDay).format(d);
  if (start === end) return format(s, true);
  const sameYear = s.getUTCFullYear() === e.getUTCFullYear();
  return `${format(s, !sameYear)} – ${format(e, true)}`;
}

export const actionPath = (a: Pick<PublicAction, "slug">) => actionPagePath(a.slug);
