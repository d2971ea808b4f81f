/**
 * The shared pacer's arithmetic (decision 208), pure so it is unit-tested in Node; the Durable Object in
 * `pacer.ts` holds one `PacerSchedule` per provider and applies these to it.
 *
 * A token bucket of depth one, kept as the time of the next free slot (GCRA's "theoretical arrival time"):
 * every request reserves the next slot and is told how long to wait for it, so however many consumers ask at
 * once their requests reach the provider one interval apart, never two in one interval. A deeper bucket would
 * let a burst through after a lull, which a provider counting "N in any second" refuses.
 */
export type PacerSchedule = {
  /** Epoch ms of the next free slot (≤ now: the next caller goes at once). */
  next: number;
  /** The share of the configured rate granted now: cut after a 429 the pacer did not prevent, won back per slot. */
  pace: number;
  /** Epoch ms of the last cut, so a burst of 429s from one collision cuts once. */
  cutAt: number;
};

export const newSchedule = (): PacerSchedule => ({ next: 0, pace: 1, cutAt: Number.NEGATIVE_INFINITY });

/** A 429 cuts the pace to this fraction; each granted slot wins back `PACE_STEP` of the rate, up to all of it. */
export const PACE_CUT = 0.8;
export const PACE_STEP = 0.02;
const PACE_FLOOR = 0.25;

/**
 * Reserves the next slot at `perSecond` (the provider's ceiling as configured, times the current pace) and
 * returns the ms to wait for it. The slot is the caller's: it sends when the wait is over, without asking again.
 */
export function reserveSlot(s: PacerSchedule, now: number, perSecond: number): number {
  if (!(perSecond > 0)) return 0;
  const at = Math.max(now, s.next);
  s.next = at + 1000 / (perSecond * s.pace);
  s.pace = Math.min(1, s.pace + PACE_STEP);
  return at - now;
}

/**
 * The provider answered 429 with Retry-After (someone the pacer does not see spent the window: a request from
 * another deployment, account mail, network jitter): no slot is granted before it has passed, and the pace is cut
 * so every consumer slows down, at most once per second however many of them report the same collision.
 */
export function rateLimited(s: PacerSchedule, now: number, retryAfterSeconds: number): void {
  s.next = Math.max(s.next, now + Math.max(0, Math.min(retryAfterSeconds, 60)) * 1000);
  if (now - s.cutAt >= 1000) {
    s.pace = Math.max(PACE_FLOOR, s.pace * PACE_CUT);
    s.cutAt = now;
  }
}
