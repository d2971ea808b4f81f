import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Without tailwind-merge (not worth its ~7 KB gzip here) a caller's class does
 * not remove a conflicting default, so primitives keep their defaults few and callers add to them.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
