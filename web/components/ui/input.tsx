import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const fieldClasses =
  "w-full rounded-xl border border-input bg-card px-3.5 text-base text-foreground placeholder:text-muted-foreground/80 transition-colors hover:border-forest-600 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-[invalid=true]:border-destructive";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-11", className)} {...props} />;
}
