import { DurableObject } from "cloudflare:workers";
import { goSlot, newSchedule, rateLimited, reserveSlot } from "./pacer-schedule";

/**
 * One send schedule per mail provider, shared by every consumer invocation and isolate (decision 208). Queues
 * may run several `earthkind-email` consumers at once; each asks this object for a slot before every provider
 * request, so together they keep to the provider's ceiling instead of each pacing itself to all of it.
 *
 * The schedule lives in memory: a Durable Object handles one call at a time, so slots are handed out in call
 * order, and if the object is evicted between waves the next wave starts from "go now", which is right after a
 * lull. Nothing is worth storing: a slot is a few hundred milliseconds of the future.
 */
export class MailPacer extends DurableObject {
  private readonly schedule = newSchedule();

  /** Ms to wait for this caller's place in line at `perSecond` (the provider's ceiling from config). */
  slot(perSecond: number): number {
    return reserveSlot(this.schedule, Date.now(), perSecond);
  }

  /** Asked when the place has come: ms still to wait (usually 0) before sending, then the moment is the caller's. */
  go(perSecond: number): number {
    return goSlot(this.schedule, Date.now(), perSecond);
  }

  /** The provider answered 429: no slot before Retry-After, and a slower pace for every consumer for a while. */
  rateLimited(retryAfterSeconds: number): void {
    rateLimited(this.schedule, Date.now(), retryAfterSeconds);
  }

  /** The schedule as it stands, for tests and diagnostics. */
  state(): { next: number; goNext: number; pace: number } {
    return { next: this.schedule.next, goNext: this.schedule.goNext, pace: this.schedule.pace };
  }
}
