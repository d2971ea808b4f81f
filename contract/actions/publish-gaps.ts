import { SUMMARY_GUIDELINE_MIN, SUMMARY_MAX } from "./schemas";

/** What a weekly action is checked for before it is published (decision 231). */
type Checked = {
  summary?: string | null;
  steps?: readonly (string | null | undefined)[] | null;
  image_url?: string | null;
  why_it_matters?: string | null;
};

const filled = (v: string | null | undefined) => typeof v === "string" && v.trim() !== "";

/**
 * What a subscriber would miss if this action went out as it is, in the form's order: a summary outside the
 * label's 160–220 characters, no steps, no image, no "Why It Matters". Empty when nothing is missing. Pure: the
 * Publish confirmation reads it, and anything else that publishes can.
 */
export function publishGaps(action: Checked): string[] {
  const gaps: string[] = [];
  const summary = (action.summary ?? "").trim().length;
  if (summary < SUMMARY_GUIDELINE_MIN || summary > SUMMARY_MAX) {
    gaps.push(
      summary === 0
        ? `No summary (the label asks for ${SUMMARY_GUIDELINE_MIN}–${SUMMARY_MAX} characters)`
        : `The summary is ${summary} character${summary === 1 ? "" : "s"} (the label asks for ${SUMMARY_GUIDELINE_MIN}–${SUMMARY_MAX})`,
    );
  }
  if (!(action.steps ?? []).some(filled)) gaps.push("No steps under How to Do It");
  if (!filled(action.image_url)) gaps.push("No image");
  if (!filled(action.why_it_matters)) gaps.push("No Why It Matters");
  return gaps;
}
