import { describe, expect, it } from "vitest";
import { newSchedule, PACE_CUT, PACE_STEP, rateLimited, reserveSlot } from "../../worker/platform/mail/pacer-schedule";

describe("the shared pacer's schedule (a token bucket of depth one)", () => {
  it("grants the first slot at once and each next one an interval later, whoever asks", () => {
    const s = newSchedule();
    // Ten callers asking at the same instant get slots 0, 100, 200, … ms away at 10 per second.
    const waits = Array.from({ length: 10 }, () => reserveSlot(s, 1_000, 10));
    for (const [i, wait] of waits.entries()) expect(wait).toBeCloseTo(i * 100);
  });

  it("never grants more than the rate in any second, however the calls arrive", () => {
    const s = newSchedule();
    const starts: number[] = [];
    // Calls at irregular times (bursts and lulls) for a minute of schedule.
    for (let now = 0, k = 0; now < 60_000; k++, now += [0, 3, 250, 0, 900, 40][k % 6] as number)
      starts.push(now + reserveSlot(s, now, 2));
    starts.sort((a, b) => a - b);
    for (let i = 2; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 2] as number)).toBeGreaterThanOrEqual(1000);
  });

  it("after a lull the next caller goes at once: no burst is saved up", () => {
    const s = newSchedule();
    reserveSlot(s, 0, 2);
    expect(reserveSlot(s, 10_000, 2)).toBe(0);
    expect(reserveSlot(s, 10_000, 2)).toBe(500);
  });

  it("a 429 holds every slot until Retry-After and cuts the pace once per collision; granted slots win it back", () => {
    const s = newSchedule();
    reserveSlot(s, 0, 10);
    rateLimited(s, 50, 2);
    rateLimited(s, 60, 2);
    expect(s.pace).toBeCloseTo(PACE_CUT);
    // The later report holds longer: nothing before 60 + 2,000 ms.
    expect(reserveSlot(s, 100, 10)).toBe(1_960);
    // At 80 % of 10 per second the next slot is 125 ms later.
    expect(reserveSlot(s, 100, 10)).toBeCloseTo(1_960 + 1000 / (10 * PACE_CUT));
    for (let i = 0; i < Math.ceil((1 - PACE_CUT) / PACE_STEP); i++) reserveSlot(s, 100, 10);
    expect(s.pace).toBe(1);
  });

  it("no rate, no wait", () => {
    expect(reserveSlot(newSchedule(), 0, 0)).toBe(0);
  });
});
