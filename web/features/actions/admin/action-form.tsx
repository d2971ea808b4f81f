import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import {
  type ActionInput,
  type ActionValues,
  actionInputSchema,
  MESSAGES,
  SUMMARY_MAX,
  slugify,
} from "#contract/actions/schemas";
import { DEFAULT_CTA_LABEL_ES } from "#contract/actions/translation";
import { LanguageColumns, LanguagePair, SpanishStatus } from "../../../components/language-pair";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/error-text";
import { formValuesFromDraft } from "./action-form-values";
import { adminActionKeys, createAction, sendWeeklyEmail, updateAction } from "./admin-api";
import { ImageField } from "./image-field";
import { type LinkRowErrors, LinksField } from "./links-field";
import { ListField } from "./list-field";
import { PublishDialog } from "./publish-dialog";
import { useDraftAutosave } from "./use-draft-autosave";
import { useSpanishState } from "./use-spanish-state";

type Intent = "save" | "publish" | "unpublish";

interface ActionFormProps {
  mode: "new" | "edit";
  actionId?: string;
  initial: ActionInput;
  status: "draft" | "published";
  /** When its weekly email went out (editing a sent action): publishing sends nothing more. */
  sentAt?: string | null;
}

const section = "grid gap-6 rounded-[var(--radius-card)] border border-border bg-card p-6 sm:p-8";

/** The weekly action editor: the shared zod schema validates here and again in the API. */
export function ActionForm({ mode, actionId, initial, status, sentAt = null }: ActionFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ActionInput, unknown, ActionValues>({
    resolver: zodResolver(actionInputSchema),
    defaultValues: initial,
  });
  const { register, control, setValue, setError, handleSubmit, formState } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const intent = useRef<Intent>("save");
  // Valid values waiting for the Publish confirmation (decision 231); null while no question is open.
  const [toPublish, setToPublish] = useState<ActionValues | null>(null);
  const [publishing, setPublishing] = useState(false);
  const slugTouched = useRef(mode === "edit");

  const clearDraft = useDraftAutosave(form, mode === "new", (draft) => {
    const values = formValuesFromDraft(draft);
    form.reset(values);
    slugTouched.current = values.slug !== slugify(values.title);
  });

  const [steps, materials, links, imageUrl, summary, sendOnPublish, scheduleSend] = useWatch({
    control,
    name: ["steps", "materials", "links", "image_url", "summary", "send_on_publish", "schedule_send"],
  });
  const es = useWatch({ control, name: "es" });
  const spanish = useSpanishState(control);
  const setSpanishList = (name: "es.steps" | "es.materials", value: string[]) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const set = <K extends "steps" | "materials" | "links" | "image_url" | "send_on_publish" | "schedule_send">(
    name: K,
    value: ActionInput[K],
  ) => setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });

  const linkErrorsRaw = errors.links as unknown as
    | Record<number, { label?: { message?: string }; url?: { message?: string } } | undefined>
    | undefined;
  const linkErrors: LinkRowErrors = (links ?? []).map((_, i) => ({
    label: linkErrorsRaw?.[i]?.label?.message,
    url: linkErrorsRaw?.[i]?.url?.message,
  }));

  function onValid(values: ActionValues) {
    if (intent.current === "publish") {
      setToPublish(values);
      return;
    }
    return save(values);
  }

  async function confirmPublish() {
    if (!toPublish) return;
    setPublishing(true);
    try {
      await save(toPublish);
    } finally {
      setPublishing(false);
      setToPublish(null);
    }
  }

  async function save(values: ActionValues) {
    try {
      const { action } = actionId ? await updateAction(actionId, values) : await createAction(values);
      clearDraft();
      await queryClient.invalidateQueries({ queryKey: adminActionKeys.all });
      if (intent.current === "publish") {
        let warning: string | null = null;
        if (action.send_on_publish && !action.sent_at) {
          try {
            const result = await sendWeeklyEmail(action.id);
            if (!result.success) warning = result.message;
          } catch (err) {
            warning = errorText(err);
          }
        }
        toast(
          warning === null
            ? { title: "Action published", description: `“${action.title}” is live.` }
            : {
                title: "Warning",
                description: `Action published but email send failed: ${warning}`,
                variant: "destructive",
              },
        );
      } else {
        toast({
          title: intent.current === "unpublish" ? "Moved to drafts" : "Action saved",
          description: action.title,
        });
      }
      navigate("/admin/actions");
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError("slug", { type: "server", message: err.message }, { shouldFocus: true });
        return;
      }
      if (err instanceof ApiError && err.message === MESSAGES.datesRequiredToPublish) {
        setError("start_date", { type: "server", message: err.message }, { shouldFocus: true });
        return;
      }
      toast({ title: "Failed to save action", description: errorText(err), variant: "destructive" });
    }
  }

  const submit = (which: Intent) => {
    intent.current = which;
    setValue("status", which === "publish" ? "published" : which === "unpublish" ? "draft" : undefined);
    void handleSubmit(onValid)();
  };

  const summaryLength = (summary ?? "").length;
  const summaryEsLength = (es?.summary ?? "").length;
  const titleField = register("title", {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (mode === "new" && !slugTouched.current) {
        setValue("slug", slugify(e.target.value), { shouldValidate: isSubmitted });
      }
    },
  });

  return (
    <form
      noValidate
      className="grid gap-8"
      onSubmit={(e) => {
        e.preventDefault();
        submit("save");
      }}
    >
      <section className={section} aria-labelledby="basics-title">
        <h2 id="basics-title" className="text-xl font-semibold text-forest-900">
          Basics
        </h2>
        <SpanishStatus state={spanish} />
        <LanguageColumns />
        <LanguagePair
          english={
            <FormField label="Title" error={errors.title?.message}>
              <Input {...titleField} />
            </FormField>
          }
          spanish={
            <FormField label="Título" error={errors.es?.title?.message}>
              <Input {...register("es.title")} />
            </FormField>
          }
        />
        <FormField
          label="Slug"
          error={errors.slug?.message}
          hint={
            mode === "new" ? "Made from the title; edit it if you like." : "Changing it breaks links already shared."
          }
        >
          <Input {...register("slug", { onChange: () => (slugTouched.current = true) })} />
        </FormField>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField label="Start Date" error={errors.start_date?.message}>
            <Input type="date" {...register("start_date")} />
          </FormField>
          <FormField label="End Date" error={errors.end_date?.message}>
            <Input type="date" {...register("end_date")} />
          </FormField>
        </div>
        <LanguagePair
          english={
            <FormField label="Time Required" error={errors.time_required?.message}>
              <Input placeholder="30 minutes" {...register("time_required")} />
            </FormField>
          }
          spanish={
            <FormField label="Tiempo requerido" error={errors.es?.time_required?.message}>
              <Input placeholder="30 minutos" {...register("es.time_required")} />
            </FormField>
          }
        />
        <LanguagePair
          english={
            <FormField
              label="Summary (160-220 characters)"
              error={errors.summary?.message}
              hint={
                <span className={summaryLength > SUMMARY_MAX ? "font-semibold text-destructive" : undefined}>
                  {summaryLength}/{SUMMARY_MAX} characters
                </span>
              }
            >
              <Textarea rows={3} {...register("summary")} />
            </FormField>
          }
          spanish={
            <FormField
              label="Resumen (160-220 caracteres)"
              error={errors.es?.summary?.message}
              hint={
                <span className={summaryEsLength > SUMMARY_MAX ? "font-semibold text-destructive" : undefined}>
                  {summaryEsLength}/{SUMMARY_MAX} caracteres
                </span>
              }
            >
              <Textarea rows={3} {...register("es.summary")} />
            </FormField>
          }
        />
      </section>

      <section className={section} aria-labelledby="content-title">
        <h2 id="content-title" className="text-xl font-semibold text-forest-900">
          Content
        </h2>
        <LanguageColumns />
        <LanguagePair
          english={
            <FormField label="Why It Matters" error={errors.why_it_matters?.message}>
              <Textarea rows={5} {...register("why_it_matters")} />
            </FormField>
          }
          spanish={
            <FormField label="Por qué importa" error={errors.es?.why_it_matters?.message}>
              <Textarea rows={5} {...register("es.why_it_matters")} />
            </FormField>
          }
        />
        <LanguagePair
          english={
            <ListField
              legend="How to Do It (steps)"
              item="Step"
              values={steps ?? []}
              onChange={(v) => set("steps", v)}
              error={errors.steps?.message}
            />
          }
          spanish={
            <ListField
              legend="Cómo hacerlo (pasos)"
              item="Paso"
              values={es?.steps ?? []}
              onChange={(v) => setSpanishList("es.steps", v)}
              error={errors.es?.steps?.message}
              buttons={{ add: "Añadir paso", remove: "Quitar", removeRow: (n) => `Quitar paso ${n}` }}
            />
          }
        />
        <LanguagePair
          english={
            <ListField
              legend="What You'll Need (materials)"
              item="Material"
              values={materials ?? []}
              onChange={(v) => set("materials", v)}
              error={errors.materials?.message}
            />
          }
          spanish={
            <ListField
              legend="Qué vas a necesitar (materiales)"
              item="Elemento"
              values={es?.materials ?? []}
              onChange={(v) => setSpanishList("es.materials", v)}
              error={errors.es?.materials?.message}
              buttons={{ add: "Añadir elemento", remove: "Quitar", removeRow: (n) => `Quitar elemento ${n}` }}
            />
          }
        />
        <LinksField
          values={links ?? []}
          onChange={(v) => set("links", v)}
          errors={linkErrors}
          listError={errors.links?.message}
        />
      </section>

      <section className={section} aria-labelledby="media-title">
        <h2 id="media-title" className="text-xl font-semibold text-forest-900">
          Image and button
        </h2>
        <ImageField value={imageUrl ?? ""} onChange={(v) => set("image_url", v)} error={errors.image_url?.message} />
        <LanguagePair
          english={
            <FormField label="Button Label" error={errors.cta_label?.message}>
              <Input {...register("cta_label")} />
            </FormField>
          }
          spanish={
            <FormField label="Texto del botón (opcional)" error={errors.es?.cta_label?.message}>
              <Input placeholder={DEFAULT_CTA_LABEL_ES} {...register("es.cta_label")} />
            </FormField>
          }
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField label="Button URL (optional)" error={errors.cta_url?.message}>
            <Input inputMode="url" placeholder="https://" {...register("cta_url")} />
          </FormField>
        </div>
      </section>

      <section className={section} aria-labelledby="email-title">
        <h2 id="email-title" className="text-xl font-semibold text-forest-900">
          Email
        </h2>
        <div className="flex items-start gap-3">
          <Checkbox
            id="schedule-send"
            checked={scheduleSend ?? true}
            onCheckedChange={(c) => set("schedule_send", c === true)}
          />
          <Label htmlFor="schedule-send" className="font-normal">
            Send the weekly email automatically on the first Monday of the action's week (its start date if the week has
            no Monday) at 9:00 AM in each subscriber's time zone
          </Label>
        </div>
        <div className="flex items-start gap-3">
          <Checkbox
            id="send-on-publish"
            checked={sendOnPublish ?? false}
            onCheckedChange={(c) => set("send_on_publish", c === true)}
          />
          <Label htmlFor="send-on-publish" className="font-normal">
            Send the weekly email as soon as I publish
          </Label>
        </div>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-3 border-t border-border bg-sand-50/95 px-4 py-4 backdrop-blur">
        <Button asChild variant="ghost">
          <Link to="/admin/actions">Cancel</Link>
        </Button>
        {status === "published" ? (
          <Button variant="outline" disabled={isSubmitting} onClick={() => submit("unpublish")}>
            Move to Draft
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {status === "published" ? "Save Changes" : "Save Draft"}
        </Button>
        <Button disabled={isSubmitting || publishing} onClick={() => submit("publish")} aria-busy={publishing}>
          Publish
        </Button>
      </div>
      <PublishDialog
        values={toPublish}
        alreadySent={sentAt !== null}
        busy={publishing}
        onConfirm={() => void confirmPublish()}
        onCancel={() => setToPublish(null)}
      />
    </form>
  );
}
