import { describe, expect, it } from "vitest";
import { SUMMARY_MAX } from "#contract/actions/schemas";
import { spanishState, tipHasSpanish } from "#contract/actions/translation";
import { TIP_BODY_MAX, TIP_TITLE_MAX } from "#contract/tips/schemas";
import { SEED_ACTIONS } from "../../db/seed/actions";
import { SEED_ACTIONS_ES } from "../../db/seed/actions-es";
import { SEED_TIPS } from "../../db/seed/tips";
import { SEED_TIPS_ES } from "../../db/seed/tips-es";

/** The seed (npm start, the browser tests) has every action and tip in Spanish, whole (decision 272). */
describe("the seed's Spanish", () => {
  it.each(SEED_ACTIONS.map((a) => [a.slug, a] as const))(
    "%s is whole in Spanish, within the form's limits",
    (slug, a) => {
      const es = SEED_ACTIONS_ES[slug];
      expect(es).toBeDefined();
      if (!es) return;
      const text = (t: typeof es) => ({
        title: t.title,
        summary: t.summary,
        why_it_matters: t.whyItMatters,
        steps: t.steps,
        time_required: t.timeRequired,
        materials: t.materials,
        cta_label: "",
      });
      expect(spanishState(text(a), text(es))).toBe("complete");
      expect(es.summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
      expect(es.steps).toHaveLength(a.steps.length);
    },
  );

  it("has no Spanish for an action the seed does not have", () => {
    expect(Object.keys(SEED_ACTIONS_ES).sort()).toEqual(SEED_ACTIONS.map((a) => a.slug).sort());
  });

  it("has every tip in Spanish, within the form's limits", () => {
    expect(Object.keys(SEED_TIPS_ES).sort()).toEqual(SEED_TIPS.map((t) => t.title).sort());
    for (const es of Object.values(SEED_TIPS_ES)) {
      expect(tipHasSpanish(es), es.title).toBe(true);
      expect(es.title.length, es.title).toBeLessThanOrEqual(TIP_TITLE_MAX);
      expect(es.body.length, es.title).toBeLessThanOrEqual(TIP_BODY_MAX);
    }
  });
});
