import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import {
  LOCATION_SCOPES,
  PETITION_TOPICS,
  type Petition,
  type PetitionFormValues,
  type PetitionInput,
  petitionSchema,
  US_STATE_CODES,
  US_STATES,
} from "#contract/petitions/schemas";
import { FormDialog } from "../../components/form-dialog";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select } from "../../components/ui/select";
import { SCOPE_LABELS, TOPIC_LABELS } from "./petition-display";

/** New petitions default to verified (spec §4). */
const NEW_PETITION: PetitionFormValues = {
  title: "",
  url: "",
  image_url: "",
  org_name: "",
  topic: "other",
  location_scope: "national",
  state: "",
  verified: true,
};

const toFormValues = (p: Petition): PetitionFormValues => ({
  id: p.id,
  title: p.title,
  url: p.url,
  image_url: p.image_url ?? "",
  org_name: p.org_name,
  topic: p.topic,
  location_scope: p.location_scope,
  state: p.state ?? "",
  verified: p.verified,
});

export interface PetitionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The petition being edited; null adds a new one. */
  petition: Petition | null;
  saving: boolean;
  onSubmit: (values: PetitionInput) => void;
}

/** Add/edit dialog. Validation is the shared schema, so its messages are the API's messages. */
export function PetitionFormDialog({ open, onOpenChange, petition, saving, onSubmit }: PetitionFormDialogProps) {
  const verifiedId = useId();
  const form = useForm<PetitionFormValues, unknown, PetitionInput>({
    resolver: zodResolver(petitionSchema),
    defaultValues: NEW_PETITION,
  });
  const { register, handleSubmit, reset, watch, setValue, formState } = form;
  const errors = formState.errors;
  const scope = watch("location_scope");
  const verified = watch("verified");

  useEffect(() => {
    if (open) reset(petition ? toFormValues(petition) : NEW_PETITION);
  }, [open, petition, reset]);

  // The state selector only exists for state and local petitions, so a national one never keeps a state.
  useEffect(() => {
    if (scope === "national") setValue("state", "");
  }, [scope, setValue]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={petition ? "Edit Petition" : "Add Petition"}
      description="Only verified petitions are shown on the site."
      onSubmit={handleSubmit(onSubmit)}
      submitLabel={saving ? "Saving…" : petition ? "Save Changes" : "Add Petition"}
      busy={saving}
      className="max-w-xl"
    >
      <FormField label="Title" error={errors.title?.message}>
        <Input {...register("title")} />
      </FormField>
      <FormField label="Petition URL" error={errors.url?.message}>
        <Input type="url" placeholder="https://" {...register("url")} />
      </FormField>
      <FormField label="Organization name" error={errors.org_name?.message}>
        <Input {...register("org_name")} />
      </FormField>
      <FormField
        label="Image URL (optional)"
        // The hint gives way to the error rather than standing beside it.
        hint={errors.image_url ? undefined : "Leave empty to use the default wildflower image."}
        error={errors.image_url?.message}
      >
        <Input type="url" {...register("image_url")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Topic" error={errors.topic?.message}>
          <Select {...register("topic")}>
            {PETITION_TOPICS.map((t) => (
              <option key={t} value={t}>
                {TOPIC_LABELS[t]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Scope" error={errors.location_scope?.message}>
          <Select {...register("location_scope")}>
            {LOCATION_SCOPES.map((s) => (
              <option key={s} value={s}>
                {SCOPE_LABELS[s]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {scope !== "national" && (
        <FormField label="State (optional)" error={errors.state?.message}>
          <Select {...register("state")}>
            <option value="">No specific state</option>
            {US_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {US_STATES[code]} ({code})
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <div className="flex items-center gap-3">
        <Checkbox
          id={verifiedId}
          checked={verified}
          onCheckedChange={(checked) => setValue("verified", checked === true, { shouldDirty: true })}
        />
        <Label htmlFor={verifiedId}>Verified (shown on the site)</Label>
      </div>
    </FormDialog>
  );
}
