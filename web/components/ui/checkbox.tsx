import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "checked" | "onChange"> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A native checkbox drawn as the design's box with a tick: the browser gives it its role, label,
 * keyboard and form behaviour, so no script is needed for any of it (the Radix primitive it replaces
 * cost the home page about 5 KB of gzip, decision 175).
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn("inline-grid size-5 shrink-0 place-items-center", className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className="peer col-start-1 row-start-1 size-5 cursor-pointer appearance-none rounded-md border-2 border-input bg-card transition-colors hover:border-forest-600 checked:border-primary checked:bg-primary disabled:cursor-not-allowed disabled:opacity-55"
        {...props}
      />
      <svg
        className="pointer-events-none col-start-1 row-start-1 size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
        viewBox="0 0 16 16"
        fill="none"
        aria-hidden="true"
      >
        <path
          d="m3.5 8.5 3 3 6-7"
          stroke="currentColor"
          strokeWidth="2.25"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
