import { type Control, useWatch } from "react-hook-form";
import type { ActionInput } from "#contract/actions/schemas";
import { type SpanishState, spanishState } from "#contract/actions/translation";

/** Whether the Spanish being written is whole yet, as the public pages and the weekly email will judge it (272). */
export function useSpanishState(control: Control<ActionInput, unknown, unknown>): SpanishState {
  const [title, summary, why, steps, time, materials, cta, es] = useWatch({
    control,
    name: ["title", "summary", "why_it_matters", "steps", "time_required", "materials", "cta_label", "es"],
  });
  return spanishState(
    {
      title: title ?? "",
      summary: summary ?? "",
      why_it_matters: why ?? "",
      steps: steps ?? [],
      time_required: time ?? "",
      materials: materials ?? [],
      cta_label: cta ?? "",
    },
    {
      title: es?.title ?? "",
      summary: es?.summary ?? "",
      why_it_matters: es?.why_it_matters ?? "",
      steps: es?.steps ?? [],
      time_required: es?.time_required ?? "",
      materials: es?.materials ?? [],
      cta_label: es?.cta_label ?? "",
    },
  );
}
