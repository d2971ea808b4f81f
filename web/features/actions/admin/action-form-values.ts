import { type ActionInput, type AdminAction, DEFAULT_CTA_LABEL } from "#contract/actions/schemas";

/** The form's empty state: one row in every list (spec §5). */
export const EMPTY_ACTION_FORM: ActionInput = {
  title: "",
  slug: "",
  start_date: "",
  end_date: "",
  summary: "",
  why_it_matters: "",
  steps: [""],
  time_required: "",
  materials: [""],
  links: [{ label: "", url: "" }],
  image_url: "",
  cta_label: DEFAULT_CTA_LABEL,
  cta_url: "",
  send_on_publish: false,
  schedule_send: true,
  status: undefined,
  es: { title: "", summary: "", why_it_matters: "", steps: [""], time_required: "", materials: [""], cta_label: "" },
};

const atLeastOne = <T>(list: T[] | undefined, empty: T): T[] => (list && list.length > 0 ? list : [empty]);

/** A stored action as form values (nulls become empty inputs, lists keep one row). */
export function formValuesFromAction(a: AdminAction): ActionInput {
  return {
    title: a.title,
    slug: a.slug,
    start_date: a.start_date ?? "",
    end_date: a.end_date ?? "",
    summary: a.summary,
    why_it_matters: a.why_it_matters,
    steps: atLeastOne(a.steps, ""),
    time_required: a.time_required,
    materials: atLeastOne(a.materials, ""),
    links: atLeastOne(a.links, { label: "", url: "" }),
    image_url: a.image_url ?? "",
    cta_label: a.cta_label,
    cta_url: a.cta_url ?? "",
    send_on_publish: a.send_on_publish,
    schedule_send: a.schedule_send,
    status: undefined,
    es: {
      ...a.es,
      steps: atLeastOne(a.es.steps, ""),
      materials: atLeastOne(a.es.materials, ""),
    },
  };
}

/** A restored local draft merged over the empty form, keeping only fields of the right shape. */
export function formValuesFromDraft(draft: Partial<ActionInput>): ActionInput {
  const str = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);
  const links = Array.isArray(draft.links)
    ? draft.links.filter((l) => l && typeof l.label === "string" && typeof l.url === "string")
    : [];
  const e = EMPTY_ACTION_FORM;
  return {
    ...e,
    title: str(draft.title, ""),
    slug: str(draft.slug, ""),
    start_date: str(draft.start_date, ""),
    end_date: str(draft.end_date, ""),
    summary: str(draft.summary, ""),
    why_it_matters: str(draft.why_it_matters, ""),
    steps: atLeastOne(strings(draft.steps), ""),
    time_required: str(draft.time_required, ""),
    materials: atLeastOne(strings(draft.materials), ""),
    links: atLeastOne(links, { label: "", url: "" }),
    image_url: str(draft.image_url, ""),
    cta_label: str(draft.cta_label, DEFAULT_CTA_LABEL),
    cta_url: str(draft.cta_url, ""),
    send_on_publish: typeof draft.send_on_publish === "boolean" ? draft.send_on_publish : false,
    schedule_send: typeof draft.schedule_send === "boolean" ? draft.schedule_send : true,
    es: {
      title: str(draft.es?.title, ""),
      summary: str(draft.es?.summary, ""),
      why_it_matters: str(draft.es?.why_it_matters, ""),
      steps: atLeastOne(strings(draft.es?.steps), ""),
      time_required: str(draft.es?.time_required, ""),
      materials: atLeastOne(strings(draft.es?.materials), ""),
      cta_label: str(draft.es?.cta_label, ""),
    },
  };
}
