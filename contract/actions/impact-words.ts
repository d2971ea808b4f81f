// Apart from schemas.ts so the public pages that print them do not load zod (decision 143): the imports are types only.
import type { z } from "zod";
import type { actionImpactSchema } from "./responses";

/** How many members recorded an action and how many left a note: counts only, never who. */
export type ActionImpact = z.output<typeof actionImpactSchema>;

/** "42 members did this": the words the action page, the home card and the weekly email share. */
export const membersDidThis = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "member" : "members"} did this`;

/** The impact in words, or null while nobody has recorded the action (nothing is shown then). */
export function impactWords(impact: ActionImpact | undefined): string | null {
  if (!impact || impact.completed_count <= 0) return null;
  const notes = impact.with_notes_count;
  return notes > 0
    ? `${membersDidThis(impact.completed_count)} · ${notes.toLocaleString("en-US")} shared how it went`
    : membersDidThis(impact.completed_count);
}
