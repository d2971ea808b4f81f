import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

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
  const baseId = useId();
  const rows = values.length > 0 ? values : [EMPTY];
  const update = (i: number, patch: Partial<LinkRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="grid gap-4">
      <legend className="text-sm font-semibold text-foreground">Helpful Resources (links)</legend>
      {rows.map((row, i) => {
        const labelId = `${baseId}-${i}-label`;
        const urlId = `${baseId}-${i}-url`;
        const err = errors[i];
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional with no identity of their own.
            key={i}
            className="grid gap-2 rounded-xl border border-border p-3 sm:grid-cols-[1fr_1.4fr_auto] sm:items-start"
          >
            <div className="grid gap-1">
              <Label htmlFor={labelId} className="text-xs">
                Link {i + 1} label
              </Label>
              <Input
                id={labelId}
                value={row.label}
                aria-invalid={err?.label ? true : undefined}
                aria-describedby={err?.label ? `${labelId}-error` : undefined}
                onChange={(e) => update(i, { label: e.target.value })}
              />
              {err?.label ? (
                <p id={`${labelId}-error`} className="text-sm font-medium text-destructive">
                  {err.label}
                </p>
              ) : null}
            </div>
            <div className="grid gap-1">
              <Label htmlFor={urlId} className="text-xs">
                Link {i + 1} URL
              </Label>
              <Input
                id={urlId}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={row.url}
                aria-invalid={err?.url ? true : undefined}
                aria-describedby={err?.url ? `${urlId}-error` : undefined}
                onChange={(e) => update(i, { url: e.target.value })}
              />
              {err?.url ? (
                <p id={`${urlId}-error`} className="text-sm font-medium text-destructive">
                  {err.url}
                </p>
              ) : null}
            </div>
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
      {listError ? <p className="text-sm font-medium text-destructive">{listError}</p> : null}
    </fieldset>
  );
}
