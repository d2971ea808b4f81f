import type { Locale } from "../i18n/locales";

/**
 * When an action's Spanish text is shown (decision 272): only when it is whole. Every English text field that has
 * text needs its Spanish counterpart, so a page or an email never mixes the two languages; until then the English
 * text is shown, marked as English. Zod-free: the admin list and the form import it.
 */

export const DEFAULT_CTA_LABEL_ES = "Haz la acción de esta semana";

/** The translated text of an action, in the API's field names (the admin's `es` object). */
export type ActionText = {
  title: string;
  summary: string;
  why_it_matters: string;
  steps: string[];
  time_required: string;
  materials: string[];
  cta_label: string;
};

/** complete: shown in Spanish; partial: some fields still to write (English shown); missing: none written. */
export type SpanishState = "complete" | "partial" | "missing";

const filled = (v: string | string[]) => (Array.isArray(v) ? v.some((s) => s.trim() !== "") : v.trim() !== "");

/** The button label is optional in both languages (each has its default), so it never makes a text partial. */
const REQUIRED_WHEN_ENGLISH_HAS: (keyof Omit<ActionText, "title" | "cta_label">)[] = [
  "summary",
  "why_it_matters",
  "steps",
  "time_required",
  "materials",
];

export function spanishState(en: ActionText, es: ActionText): SpanishState {
  if (!filled(es.title)) {
    return REQUIRED_WHEN_ENGLISH_HAS.some((k) => filled(es[k])) ? "partial" : "missing";
  }
  return REQUIRED_WHEN_ENGLISH_HAS.every((k) => !filled(en[k]) || filled(es[k])) ? "complete" : "partial";
}

/** The language an action is shown in to a reader who asked for `wanted`. */
export const actionLanguage = (wanted: Locale, en: ActionText, es: ActionText): Locale =>
  wanted === "es" && spanishState(en, es) === "complete" ? "es" : "en";

/** A tip is in Spanish when both its Spanish title and text are written (the form asks for both or neither). */
export const tipHasSpanish = (es: { title: string; body: string }) => filled(es.title) && filled(es.body);
