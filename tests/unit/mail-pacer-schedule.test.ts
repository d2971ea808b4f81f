import { describe, expect, it } from "vitest";
import {
  goSlot,
  newSchedule,
  PACE_CUT,
  PACE_STEP,
  type PacerSchedule,
  rateLimited,
  reserveSlot,
} from "../../worker/platform/mail/pacer-schedule";

/** A caller as `waitForSlot` is: reserve, wake up `late` ms after its place came, ask to go; returns when it sent. */
function send(s: PacerSchedule, now: number, perSecond: number, late = 0): number {
  const woke = now + reserveSlot(s, now, perSecond) + late;
  return woke + goSlot(s, woke, perSecond);
}

describe("the shared pacer's schedule (a token bucket of depth one)", () => {
  it("puts callers asking at once in line one interval apart, and lets each go when its place comes", () => {
    const s = newSchedule();
    // Ten callers asking at the same instant get places 0, 100, 200, … ms away at 10 per second.
    const waits = Array.from({ length: 10 }, () => reserveSlot(s, 1_000, 10));
    for (const [i, wait] of waits.entries()) expect(wait).toBeCloseTo(i * 100);
    for (const wait of waits) expect(goSlot(s, 1_000 + wait, 10)).toBeCloseTo(0);
  });

  it("never lets more than the rate go in any second, however the calls arrive and however late callers wake", () => {
    const s = newSchedule();
    const sent: number[] = [];
    // Calls at irregular times (bursts and lulls), a third of them waking up to 400 ms late, for a minute.
    for (let now = 0, k = 0; now < 60_000; k++, now += [0, 3, 250, 0, 900, 40][k % 6] as number)
      sent.push(send(s, now, 2, k % 3 === 0 ? (k * 37) % 400 : 0));
    sent.sort((a, b) => a - b);
    for (let i = 2; i < sent.length; i++)
      expect((sent[i] as number) - (sent[i - 2] as number)).toBeGreaterThanOrEqual(1000);
  });

  it("a caller that wakes late delays the next one by as much instead of arriving just before it", () => {
    const s = newSchedule();
    const first = send(s, 0, 2, 0);
    const second = send(s, 0, 2, 120); // its place was at 500; its isolate woke it at 620
    const third = send(s, 0, 2, 0); // place at 1,000: held until 620 + 500
    expect([first, second, third]).toEqual([0, 620, 1_120]);
  });

  it("after a lull the next caller goes at once: no burst is saved up", () => {
    const s = newSchedule();
    send(s, 0, 2);
    expect(reserveSlot(s, 10_000, 2)).toBe(0);
    expect(goSlot(s, 10_000, 2)).toBe(0);
    expect(reserveSlot(s, 10_000, 2)).toBe(500);
  });

  it("a 429 holds everything until Retry-After and cuts the pace once per collision; requests win it back", () => {
    const s = newSchedule();
    send(s, 0, 10);
    rateLimited(s, 50, 2);
    rateLimited(s, 60, 2);
    expect(s.pace).toBeCloseTo(PACE_CUT);
    // The later report holds longer: nothing before 60 + 2,000 ms.
    expect(reserveSlot(s, 100, 10)).toBe(1_960);
    expect(goSlot(s, 100, 10)).toBe(1_960);
    // At the cut pace (and the step won back by that request) the next place is a longer interval later.
    expect(reserveSlot(s, 100, 10)).toBeCloseTo(1_960 + 1000 / (10 * PACE_CUT));
    for (let i = 0; i < Math.ceil((1 - PACE_CUT) / PACE_STEP); i++) goSlot(s, 100, 10);
    expect(s.pace).toBe(1);
  });

  it("no rate, no wait", () => {
    expect(reserveSlot(newSchedule(), 0, 0)).toBe(0);
    expect(goSlot(newSchedule(), 0, 0)).toBe(0);
  });
});
