import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

/** What a field's control needs so its label, hint and error reach screen readers. */
export type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

interface FormFieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The control's id, when something outside the field refers to it; a generated one otherwise. */
  id?: string;
  /** The wrapper's classes (default "grid gap-2"): column spans, tighter gaps. */
  className?: string;
  labelClassName?: string;
  /**
   * The control, which receives `ControlProps`; or a function that places them itself, for a
   * control that sits beside other things (an upload button next to a URL input).
   */
  children: ReactElement<Record<string, unknown>> | ((control: ControlProps) => ReactNode);
}

/** Label + control + hint + error, wired with ids, aria-invalid and aria-describedby. */
export function FormField({ label, error, hint, id: givenId, className, labelClassName, children }: FormFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = {
    id,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {typeof children === "function"
        ? children(control)
        : isValidElement(children)
          ? cloneElement(children, control)
          : null}
      {hint ? (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A field's error text; also for errors of a whole group (a fieldset of rows). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
