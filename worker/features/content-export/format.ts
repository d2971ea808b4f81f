import type { PublicAction } from "#contract/actions/schemas";
import { type Locale, localizePath } from "#contract/i18n/locales";
import { translatorFor } from "../../platform/i18n";

/** UTM tags for links shared from the exported social-post text; the action's page in the post's language. */
export function actionShareUrl(origin: string, slug: string, locale: Locale = "en"): string {
  const url = new URL(localizePath(`/actions/${encodeURIComponent(slug)}`, locale), origin);
  url.searchParams.set("utm_source", "social");
  url.searchParams.set("utm_medium", "organic");
  url.searchParams.set("utm_campaign", "weekly_action");
  return url.toString();
}

/**
 * The weekly action as plain text for social posts (the spec's export-weekly-content): title,
 * summary, time, numbered steps, materials and the UTM-tagged link. Sections with nothing in them
 * are left out rather than printed empty. The post's words are in the action's language (`action.language`),
 * so a post never mixes two (decision 272).
 */
export function formatWeeklyContent(action: PublicAction, origin: string): string {
  const locale = action.language;
  const t = translatorFor(locale);
  const blocks: string[] = [t("export.heading", { title: action.title })];
  if (action.summary) blocks.push(action.summary);
  if (action.why_it_matters) blocks.push(`${t("export.why")}\n${action.why_it_matters}`);
  if (action.time_required) blocks.push(t("export.time", { time: action.time_required }));
  if (action.steps.length > 0)
    blocks.push(`${t("export.steps")}\n${action.steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}`);
  if (action.materials.length > 0)
    blocks.push(`${t("export.materials")}\n${action.materials.map((m) => `• ${m}`).join("\n")}`);
  blocks.push(t("export.take_action", { url: actionShareUrl(origin, action.slug, locale) }));
  blocks.push(t("export.hashtags"));
  return `${blocks.join("\n\n")}\n`;
}
