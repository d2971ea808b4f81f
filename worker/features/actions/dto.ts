import type { ActionLink, weeklyActions } from "../../../db/schema";

/** Where an action sits relative to today in SITE_TIMEZONE (spec §4 "Weekly action timing"). */
export type ActionTiming = "current" | "past" | "upcoming";

/** What the public API answers (snake_case, the spec's weekly_action fields). */
export type PublicAction = {
  id: string;
  title: string;
  slug: string;
  start_date: string | null;
  end_date: string | null;
  summary: string;
  why_it_matters: string;
  steps: string[];
  time_required: string;
  materials: string[];
  links: ActionLink[];
  image_url: string | null;
  cta_label: string;
  cta_url: string | null;
  created_at: string;
  updated_at: string;
  timing: ActionTiming;
};

/** The admin view adds the publishing and email fields. */
export type AdminAction = PublicAction & {
  status: "draft" | "published";
  published_at: string | null;
  send_on_publish: boolean;
  schedule_send: boolean;
  sent_at: string | null;
};

export type AdminActionListItem = {
  id: string;
  title: string;
  slug: string;
  start_date: string | null;
  end_date: string | null;
  status: "draft" | "published";
  created_at: string;
  updated_at: string;
};

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
