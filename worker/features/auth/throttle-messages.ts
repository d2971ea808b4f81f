/** "in 45 seconds" / "in 3 minutes" (or without "in"), for 429 messages people can act on. */
export function formatWait(seconds: number, withIn = true): string {
  const s = Math.max(1, Math.ceil(seconds));
  const text =
    s < 60 ? `${s} second${s === 1 ? "" : "s"}` : `${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? "" : "s"}`;
  return withIn ? `in ${text}` : text;
}
