import type { PublicAction } from "#contract/actions/schemas";

/** UTM tags for links shared from the exported social-post text. */
export function actionShareUrl(origin: string, slug: string): string {
  const url = new URL(`/actions/${encodeURIComponent(slug)}`, origin);
  url.searchParams.set("utm_source", "social");
  url.searchParams.set("utm_medium", "organic");
  url.searchParams.set("utm_campaign", "weekly_action");
  return url.toString();
}

/**
 * The weekly action as plain text for social posts (the spec's export-weekly-content): title,
 * summary, time, numbered steps, materials and the UTM-tagged link. Sections with nothing in them
 * are left out rather than printed empty.
 */
export function formatWeeklyContent(action: PublicAction, origin: string): string {
  const blocks: string[] = [`🌱 This Week's Action: ${action.title}`];
  if (action.summary) blocks.push(action.summary);
  if (action.why_it_matters) blocks.push(`Why it matters:\n${action.why_it_matters}`);
  if (action.time_required) blocks.push(`⏱ Time needed: ${action.time_required}`);
  if (action.steps.length > 0) blocks.push(`How to do it:\n${action.steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}`);
  if (action.materials.length > 0)
    blocks.push(`What you'll need:\n${action.materials.map((m) => `• ${m}`).join("\n")}`);
  blocks.push(`Take action: ${actionShareUrl(origin, action.slug)}`);
  blocks.push("#ProtectTheWild #WeeklyAction #Earthkind");
  return `${blocks.join("\n\n")}\n`;
}
