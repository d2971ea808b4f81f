import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { TIP_BODY_MAX, TIP_TOPICS, type Tip, type TipInput, tipInputSchema } from "#contract/tips/schemas";
import { FormDialog } from "../../components/form-dialog";
import { LanguagePair } from "../../components/language-pair";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";

type FormValues = {
  title: string;
  body: string;
  url: string;
  topic: Tip["topic"];
  active: boolean;
  es: { title: string; body: string };
};

const NEW_TIP: FormValues = {
  title: "",
  body: "",
  url: "",
  topic: "energy",
  active: true,
  es: { title: "", body: "" },
};

export const topicLabel = (topic: string) => topic.charAt(0).toUpperCase() + topic.slice(1);

/** Add/edit dialog; the shared schema validates, so its messages are the API's. */
export function TipFormDialog({
  open,
  onOpenChange,
  tip,
  saving,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tip: Tip | null;
  saving: boolean;
  onSubmit: (values: TipInput) => void;
}) {
  const form = useForm<FormValues, unknown, TipInput>({
    resolver: zodResolver(tipInputSchema) as never,
    defaultValues: NEW_TIP,
  });
  const { register, handleSubmit, reset, watch, setValue, formState } = form;
  const errors = formState.errors;
  const body = watch("body");
  const bodyEs = watch("es.body");
  const active = watch("active");

  useEffect(() => {
    if (open)
      reset(
        tip
          ? { title: tip.title, body: tip.body, url: tip.url ?? "", topic: tip.topic, active: tip.active, es: tip.es }
          : NEW_TIP,
      );
  }, [open, tip, reset]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={tip ? "Edit Tip" : "Add Tip"}
      description="Each weekly email carries the next active tip, in this list's order."
      onSubmit={handleSubmit(onSubmit)}
      submitLabel={tip ? "Save Tip" : "Add Tip"}
      busy={saving}
      className="max-w-xl lg:max-w-4xl"
    >
      {/* English and Spanish side by side on a wide screen, stacked on a phone (decision 272). */}
      <LanguagePair
        english={
          <>
            <FormField label="Title" error={errors.title?.message}>
              <Input {...register("title")} />
            </FormField>
            <FormField label="Tip text" hint={`${body.length}/${TIP_BODY_MAX} characters`} error={errors.body?.message}>
              <Textarea rows={4} {...register("body")} />
            </FormField>
          </>
        }
        spanish={
          <>
            <FormField label="Título" error={errors.es?.title?.message}>
              <Input {...register("es.title")} />
            </FormField>
            <FormField
              label="Texto del consejo"
              hint={`${bodyEs.length}/${TIP_BODY_MAX} caracteres`}
              error={errors.es?.body?.message}
            >
              <Textarea rows={4} {...register("es.body")} />
            </FormField>
          </>
        }
      />
      <FormField label="Source link (optional)" error={errors.url?.message}>
        <Input type="url" placeholder="https://" {...register("url")} />
      </FormField>
      <FormField label="Topic" error={errors.topic?.message}>
        <Select {...register("topic")}>
          {TIP_TOPICS.map((t) => (
            <option key={t} value={t}>
              {topicLabel(t)}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex items-center gap-3">
        <Checkbox id="tip-active" checked={active} onCheckedChange={(c) => setValue("active", c === true)} />
        <Label htmlFor="tip-active" className="font-normal">
          Active (included in the weekly email rotation)
        </Label>
      </div>
    </FormDialog>
  );
}
