import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

interface ListFieldProps {
  legend: string;
  /** Singular noun for row labels and buttons ("Step", "Material"). */
  item: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  placeholder?: string;
  /** The buttons' words for a list in another language ("Añadir paso"); English, from `item`, by default. */
  buttons?: { add: string; remove: string; removeRow: (n: number) => string };
}

/** A list of text rows. Spec §5: at least one row always stays, a row can be removed only if there are more. */
export function ListField({ legend, item, values, onChange, error, placeholder, buttons }: ListFieldProps) {
  const baseId = useId();
  const rows = values.length > 0 ? values : [""];
  const errorId = `${baseId}-error`;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-foreground">{legend}</legend>
      {rows.map((value, i) => {
        const id = `${baseId}-${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional text with no identity of their own.
          <div key={i} className="flex items-center gap-2">
            <Label htmlFor={id} className="sr-only">
              {item} {i + 1}
            </Label>
            <Input
              id={id}
              value={value}
              placeholder={placeholder}
              onChange={(e) => onChange(rows.map((v, j) => (j === i ? e.target.value : v)))}
            />
            {rows.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
                aria-label={buttons ? buttons.removeRow(i + 1) : `Remove ${item.toLowerCase()} ${i + 1}`}
              >
                {buttons ? buttons.remove : "Remove"}
              </Button>
            ) : null}
          </div>
        );
      })}
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...rows, ""])}>
          {buttons ? buttons.add : `Add ${item}`}
        </Button>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
