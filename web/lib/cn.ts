import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. There is no tailwind-merge (~7 KB gzip), so a caller's class does not remove
 * a conflicting default: `<Button className="hidden">` stays visible because the button's own
 * `inline-flex` wins. Add classes that don't conflict (width, margin), and put display or
 * breakpoint toggles on a wrapper.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
