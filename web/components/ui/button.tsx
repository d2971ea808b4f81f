import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "outline"
  | "ghost"
  | "destructive"
  /** Warm call to action; also readable on dark imagery. */
  | "accent"
  /** For dark surfaces (hero, footer): light button, light outline. */
  | "inverse"
  | "outline-inverse"
  /** In the site header: primary while it is solid, inverse while it is transparent over home's hero. */
  | "header"
  | "outline-header";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors duration-150 select-none disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 [&_svg]:size-[1.1em] [&_svg]:shrink-0";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary-hover",
  outline: "border-2 border-primary bg-transparent text-primary hover:bg-accent",
  ghost: "bg-transparent text-foreground hover:bg-muted",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover",
  accent: "bg-sun-400 text-ink shadow-sm hover:bg-sun-300",
  inverse: "bg-white text-forest-800 shadow-sm hover:bg-sand-100",
  "outline-inverse": "border-2 border-white/85 bg-transparent text-white hover:bg-white/10",
  // The header's data-solid attribute picks the look, so a page needs no script to change it (decision 205).
  header:
    "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover group-data-[solid=false]/header:bg-white group-data-[solid=false]/header:text-forest-800 group-data-[solid=false]/header:hover:bg-sand-100",
  "outline-header":
    "border-2 border-primary bg-transparent text-primary hover:bg-accent group-data-[solid=false]/header:border-white/85 group-data-[solid=false]/header:text-white group-data-[solid=false]/header:hover:bg-white/10",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-4 text-sm",
  md: "h-11 px-5 text-[0.95rem]",
  lg: "h-13 px-7 text-base",
  icon: "size-11",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (a Link, an <a>) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonClasses({ variant, size, className })} {...props} />;
  // type="button" by default: a button inside a form should submit only when it says so.
  return <button type={type ?? "button"} className={buttonClasses({ variant, size, className })} {...props} />;
}
