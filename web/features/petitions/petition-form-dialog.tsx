import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useId } from "react";
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
} from "../../../worker/features/petitions/schemas";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
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

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

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
  const ids = useId();
  const fid = (name: string) => `${ids}-${name}`;
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

  const describedBy = (name: keyof PetitionFormValues) => (errors[name] ? `${fid(name)}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{petition ? "Edit Petition" : "Add Petition"}</DialogTitle>
          <DialogDescription>Only verified petitions are shown on the site.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <Field id={fid("title")} label="Title" error={errors.title?.message}>
            <Input
              id={fid("title")}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy("title")}
              {...register("title")}
            />
          </Field>
          <Field id={fid("url")} label="Petition URL" error={errors.url?.message}>
            <Input
              id={fid("url")}
              type="url"
              placeholder="https://"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={describedBy("url")}
              {...register("url")}
            />
          </Field>
          <Field id={fid("org_name")} label="Organization name" error={errors.org_name?.message}>
            <Input
              id={fid("org_name")}
              aria-invalid={errors.org_name ? true : undefined}
              aria-describedby={describedBy("org_name")}
              {...register("org_name")}
            />
          </Field>
          <Field
            id={fid("image_url")}
            label="Image URL (optional)"
            hint="Leave empty to use the default wildflower image."
            error={errors.image_url?.message}
          >
            <Input
              id={fid("image_url")}
              type="url"
              aria-invalid={errors.image_url ? true : undefined}
              aria-describedby={errors.image_url ? `${fid("image_url")}-error` : `${fid("image_url")}-hint`}
              {...register("image_url")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fid("topic")} label="Topic" error={errors.topic?.message}>
              <Select id={fid("topic")} aria-describedby={describedBy("topic")} {...register("topic")}>
                {PETITION_TOPICS.map((t) => (
                  <option key={t} value={t}>
                    {TOPIC_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={fid("location_scope")} label="Scope" error={errors.location_scope?.message}>
              <Select
                id={fid("location_scope")}
                aria-describedby={describedBy("location_scope")}
                {...register("location_scope")}
              >
                {LOCATION_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {scope !== "national" && (
            <Field id={fid("state")} label="State (optional)" error={errors.state?.message}>
              <Select id={fid("state")} aria-describedby={describedBy("state")} {...register("state")}>
                <option value="">No specific state</option>
                {US_STATE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {US_STATES[code]} ({code})
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <div className="flex items-center gap-3">
            <Checkbox
              id={fid("verified")}
              checked={verified}
              onCheckedChange={(checked) => setValue("verified", checked === true, { shouldDirty: true })}
            />
            <Label htmlFor={fid("verified")}>Verified (shown on the site)</Label>
          </div>
          <DialogFooter className="mt-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : petition ? "Save Changes" : "Add Petition"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
