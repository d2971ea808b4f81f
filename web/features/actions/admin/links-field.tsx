import { Button } from "../../../components/ui/button";
import { FieldError, FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";

export type LinkRow = { label: string; url: string };
export type LinkRowErrors = ({ label?: string; url?: string } | undefined)[];

interface LinksFieldProps {
  values: LinkRow[];
  onChange: (values: LinkRow[]) => void;
  errors?: LinkRowErrors;
  listError?: string;
}

const EMPTY: LinkRow = { label: "", url: "" };

/** Helpful Resources: label + URL rows, at least one row kept (spec §5). */
export function LinksField({ values, onChange, errors = [], listError }: LinksFieldProps) {
  const rows = values.length > 0 ? values : [EMPTY];
  const update = (i: number, patch: Partial<LinkRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="grid gap-4">
      <legend className="text-sm font-semibold text-foreground">Helpful Resources (links)</legend>
      {rows.map((row, i) => {
        const err = errors[i];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional with no identity of their own.
            key={i}
            className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[1fr_1.4fr_auto] sm:items-start"
          >
            <FormField label={`Link ${i + 1} label`} error={err?.label} className="gap-1" labelClassName="text-xs">
              <Input value={row.label} onChange={(e) => update(i, { label: e.target.value })} />
            </FormField>
            <FormField label={`Link ${i + 1} URL`} error={err?.url} className="gap-1" labelClassName="text-xs">
              <Input
                type="url"
                inputMode="url"
                placeholder="https://"
                value={row.url}
                onChange={(e) => update(i, { url: e.target.value })}
              />
            </FormField>
            {rows.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="sm:mt-6"
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
                aria-label={`Remove link ${i + 1}`}
              >
                Remove
              </Button>
            ) : null}
          </div>
        );
      })}
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...rows, { ...EMPTY }])}>
          Add Link
        </Button>
      </div>
      {listError ? <FieldError>{listError}</FieldError> : null}
    </fieldset>
  );
}
