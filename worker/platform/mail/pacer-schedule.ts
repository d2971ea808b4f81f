/**
 * The shared pacer's arithmetic (decision 208), pure so it is unit-tested in Node; the Durable Object in
 * `pacer.ts` holds one `PacerSchedule` per provider and applies these to it.
 *
 * A token bucket of depth one, kept as the time of the next free slot (GCRA's "theoretical arrival time"), in two
 * steps. `reserveSlot` hands each caller a place in line and the time to wait for it, so however many consumers ask
 * at once they queue one interval apart. When its wait is over the caller asks `goSlot`, and only that answer lets
 * it send: requests go at least one interval after the one before them *as it actually went*. A caller that woke
 * up late (its isolate was rendering another batch) then delays the next one by as much, instead of arriving just
 * before it and spending the provider's window twice — with 2 requests allowed in any second and 1.9 paced, the
 * margin is 26 ms an interval, less than a busy isolate's timer can be late. A deeper bucket would let a burst
 * through after a lull, which a provider counting "N in any second" refuses.
 */
export type PacerSchedule = {
  /** Epoch ms of the next free place in line (≤ now: the next caller is told to go at once). */
  next: number;
  /** Epoch ms before which no request may go: one interval after the last one that was let go. */
  goNext: number;
  /** The share of the configured rate granted now: cut after a 429 the pacer did not prevent, won back per request. */
  pace: number;
  /** Epoch ms of the last cut, so a burst of 429s from one collision cuts once. */
  cutAt: number;
};

export const newSchedule = (): PacerSchedule => ({ next: 0, goNext: 0, pace: 1, cutAt: Number.NEGATIVE_INFINITY });

/**
 * A 429 cuts the pace to this fraction; each request let go wins back `PACE_STEP` of the rate, up to all of it. The
 * cut is mild because the pacer sees every consumer's requests: a 429 it did not prevent is most often a request
 * that reached the provider late or early by network jitter, which a little more spacing for a few seconds absorbs;
 * a sender it does not see that keeps spending the window brings 429s again, and each cuts once more.
 */
export const PACE_CUT = 0.9;
export const PACE_STEP = 0.02;
const PACE_FLOOR = 0.25;

const interval = (s: PacerSchedule, perSecond: number) => 1000 / (perSecond * s.pace);

/** Reserves the next place in line at `perSecond` (the provider's ceiling as configured) and returns the ms to it. */
export function reserveSlot(s: PacerSchedule, now: number, perSecond: number): number {
  if (!(perSecond > 0)) return 0;
  const at = Math.max(now, s.next, s.goNext);
  s.next = at + interval(s, perSecond);
  return at - now;
}

/**
 * Lets a caller whose place has come send: 0 when a full interval has passed since the last request let go, else
 * the ms still to wait, after which it sends without asking again (that moment is its own).
 */
export function goSlot(s: PacerSchedule, now: number, perSecond: number): number {
  if (!(perSecond > 0)) return 0;
  const at = Math.max(now, s.goNext);
  s.goNext = at + interval(s, perSecond);
  s.pace = Math.min(1, s.pace + PACE_STEP);
  return at - now;
}

/**
 * The provider answered 429 with Retry-After (someone the pacer does not see spent the window: a request from
 * another deployment, account mail, network jitter): nothing goes before it has passed, and the pace is cut so
 * every consumer slows down, at most once per second however many of them report the same collision.
 */
export function rateLimited(s: PacerSchedule, now: number, retryAfterSeconds: number): void {
  const until = now + Math.max(0, Math.min(retryAfterSeconds, 60)) * 1000;
  s.next = Math.max(s.next, until);
  s.goNext = Math.max(s.goNext, until);
  if (now - s.cutAt >= 1000) {
    s.pace = Math.max(PACE_FLOOR, s.pace * PACE_CUT);
    s.cutAt = now;
  }
}
