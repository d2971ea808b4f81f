import type { ActionLink, ActionTiming, AdminAction, PublicAction } from "#contract/actions/schemas";
import { type ActionText, actionLanguage, DEFAULT_CTA_LABEL_ES, spanishState } from "#contract/actions/translation";
import type { Locale } from "#contract/i18n/locales";
import type { weeklyActions } from "../../../db/schema";

export type ActionRow = typeof weeklyActions.$inferSelect;

/** Inclusive of both dates; an action without dates is never current. */
export function actionTiming(a: { startDate: string | null; endDate: string | null }, today: string): ActionTiming {
  if (a.endDate && a.endDate < today) return "past";
  if (a.startDate && a.endDate && a.startDate <= today) return "current";
  return "upcoming";
}

/** Stored JSON may predate validation: keep only well-formed entries (spec §3: non-string entries dropped). */
const cleanStrings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((s): s is string => typeof s === "string" && s.trim() !== "") : [];
const cleanLinks = (list: unknown): ActionLink[] =>
  Array.isArray(list)
    ? list.filter(
        (l): l is ActionLink =>
          typeof l === "object" && l !== null && typeof l.label === "string" && typeof l.url === "string",
      )
    : [];

type TextColumns = Pick<
  ActionRow,
  | "title"
  | "summary"
  | "whyItMatters"
  | "steps"
  | "timeRequired"
  | "materials"
  | "ctaLabel"
  | "titleEs"
  | "summaryEs"
  | "whyItMattersEs"
  | "stepsEs"
  | "timeRequiredEs"
  | "materialsEs"
  | "ctaLabelEs"
>;

export const englishText = (row: TextColumns): ActionText => ({
  title: row.title,
  summary: row.summary,
  why_it_matters: row.whyItMatters,
  steps: cleanStrings(row.steps),
  time_required: row.timeRequired,
  materials: cleanStrings(row.materials),
  cta_label: row.ctaLabel,
});

/** The Spanish text as written: the button label is empty until the admin writes one. */
export const spanishText = (row: TextColumns): ActionText => ({
  title: row.titleEs,
  summary: row.summaryEs,
  why_it_matters: row.whyItMattersEs,
  steps: cleanStrings(row.stepsEs),
  time_required: row.timeRequiredEs,
  materials: cleanStrings(row.materialsEs),
  cta_label: row.ctaLabelEs,
});

export const rowSpanishState = (row: TextColumns) => spanishState(englishText(row), spanishText(row));

/**
 * The action's text in the reader's language when it is whole there, else the English one (decision 272), and
 * which language that is.
 */
export function actionTextIn(row: TextColumns, wanted: Locale): { text: ActionText; language: Locale } {
  const en = englishText(row);
  const es = spanishText(row);
  if (actionLanguage(wanted, en, es) === "en") return { text: en, language: "en" };
  return { text: { ...es, cta_label: es.cta_label || DEFAULT_CTA_LABEL_ES }, language: "es" };
}

export function toPublicAction(row: ActionRow, today: string, wanted: Locale = "en"): PublicAction {
  const { text, language } = actionTextIn(row, wanted);
  return {
    id: row.id,
    title: text.title,
    slug: row.slug,
    start_date: row.startDate,
    end_date: row.endDate,
    summary: text.summary,
    why_it_matters: text.why_it_matters,
    steps: text.steps,
    time_required: text.time_required,
    materials: text.materials,
    links: cleanLinks(row.links),
    image_url: row.imageUrl,
    cta_label: text.cta_label,
    cta_url: row.ctaUrl,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    timing: actionTiming(row, today),
    language,
  };
}

/** The admin's view: the English text in the action's fields, the Spanish one beside it. */
export function toAdminAction(row: ActionRow, today: string): AdminAction {
  return {
    ...toPublicAction(row, today),
    status: row.status,
    published_at: row.publishedAt,
    send_on_publish: row.sendOnPublish,
    schedule_send: row.scheduleSend,
    sent_at: row.sentAt,
    es: spanishText(row),
    spanish: rowSpanishState(row),
  };
}
