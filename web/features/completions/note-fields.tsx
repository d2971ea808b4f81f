import { type ComponentProps, useId } from "react";
import { NOTES_MAX } from "#contract/completions/schemas";
import { Checkbox } from "../../components/ui/checkbox";
import { FormField } from "../../components/ui/form-field";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { useT } from "../../lib/i18n";

/**
 * A completion's note and its "Share my note anonymously" choice, as the completion dialog and the "I did it"
 * page both ask for them (spec §4): the same labels, limit and hint. `notes` and `share` pass the controls' own
 * props (a controlled value in the dialog, form names in the page's plain form).
 */
export function NoteFields({
  error,
  notes,
  share,
}: {
  error?: string;
  notes?: ComponentProps<typeof Textarea>;
  share?: ComponentProps<typeof Checkbox>;
}) {
  const shareId = useId();
  const { t } = useT();
  return (
    <>
      <FormField label={t("progress.notes.label")} error={error}>
        <Textarea rows={3} maxLength={NOTES_MAX} placeholder={t("progress.notes.placeholder")} {...notes} />
      </FormField>
      <div className="flex items-start gap-3">
        <Checkbox id={shareId} aria-describedby={`${shareId}-hint`} {...share} />
        <div className="grid gap-1">
          <Label htmlFor={shareId} className="font-normal">
            {t("progress.notes.share")}
          </Label>
          <p id={`${shareId}-hint`} className="text-sm text-muted-foreground">
            {t("progress.notes.shareHint")}
          </p>
        </div>
      </div>
    </>
  );
}
