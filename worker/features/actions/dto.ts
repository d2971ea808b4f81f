import type { ActionLink, ActionTiming, AdminAction, PublicAction } from "#contract/actions/schemas";
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

export function toPublicAction(row: ActionRow, today: string): PublicAction {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    start_date: row.startDate,
    end_date: row.endDate,
    summary: row.summary,
    why_it_matters: row.whyItMatters,
    steps: cleanStrings(row.steps),
    time_required: row.timeRequired,
    materials: cleanStrings(row.materials),
    links: cleanLinks(row.links),
    image_url: row.imageUrl,
    cta_label: row.ctaLabel,
    cta_url: row.ctaUrl,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    timing: actionTiming(row, today),
  };
}

export function toAdminAction(row: ActionRow, today: string): AdminAction {
  return {
    ...toPublicAction(row, today),
    status: row.status,
    published_at: row.publishedAt,
    send_on_publish: row.sendOnPublish,
    schedule_send: row.scheduleSend,
    sent_at: row.sentAt,
  };
}
