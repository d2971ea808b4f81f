/**
 * What to tell a person about a failure: the error's own message (API errors carry the spec's
 * messages), or `fallback` when there is none. A toast that should show no description for an
 * unknown failure passes `undefined`.
 */
export function errorText(error: unknown): string;
export function errorText<F extends string | undefined>(error: unknown, fallback: F): string | F;
export function errorText(error: unknown, fallback: string | undefined = "Please try again."): string | undefined {
  return error instanceof Error && error.message ? error.message : fallback;
}
