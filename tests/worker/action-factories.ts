import { weeklyActions } from "../../db/schema";
import { db } from "./helpers";

let n = 0;

/** A weekly action row with a unique slug; published unless told otherwise. */
export async function createAction(overrides: Partial<typeof weeklyActions.$inferInsert> = {}) {
  n += 1;
  const slug = overrides.slug ?? `test-action-${Date.now()}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await db()
    .insert(weeklyActions)
    .values({
      title: `Test action ${n}`,
      summary: "Plant something for the bees.",
      whyItMatters: "Pollinators need food.",
      steps: ["Pick a spot", "Plant seeds"],
      materials: ["Seeds"],
      links: [{ label: "Guide", url: "https://example.org/guide" }],
      timeRequired: "30 minutes",
      status: "published",
      publishedAt: new Date().toISOString(),
      ...overrides,
      slug,
    })
    .returning();
  if (!row) throw new Error("createAction: no row");
  return row;
}

/** A valid create/update body for the admin API. */
export function actionBody(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    title: `Admin action ${n}`,
    slug: `admin-action-${Date.now()}-${n}`,
    start_date: "2031-05-04",
    end_date: "2031-05-10",
    summary: "A short summary.",
    why_it_matters: "Because it helps.",
    steps: ["First", "  ", "Second"],
    time_required: "30 minutes",
    materials: ["Gloves", ""],
    links: [
      { label: "Guide", url: "https://example.org" },
      { label: "", url: "" },
    ],
    image_url: "",
    cta_label: "",
    cta_url: "",
    send_on_publish: false,
    schedule_send: true,
    ...overrides,
  };
}
