import { describe, expect, it } from "vitest";
import { holdRequestSlots, observeRateLimit, sharePace, waitForRequestSlot } from "../../worker/platform/mail/http";

/** Starts `n` concurrent callers and returns when each got its slot (ms since the first call). */
async function slotTimes(key: string, n: number, perSecond: number) {
  const t0 = Date.now();
  return (
    await Promise.all(Array.from({ length: n }, () => waitForRequestSlot(key, perSecond).then(() => Date.now() - t0)))
  ).sort((a, b) => a - b);
}

describe("provider request slots", () => {
  it("spaces concurrent callers to the rate, in call order", async () => {
    const times = await slotTimes("test:spacing", 5, 20);
    // The k-th caller starts no earlier than k intervals after the first (slots are reserved in call
    // order; a timer may fire late, never early by more than a millisecond).
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[0] as number)).toBeGreaterThanOrEqual(i * 50 - 2);
    expect(times[0]).toBeLessThan(100);
  });

  it("after a 429, no caller starts before Retry-After has passed", async () => {
    const key = "test:hold";
    await waitForRequestSlot(key, 50);
    holdRequestSlots(key, 0.3);
    const times = await slotTimes(key, 2, 50);
    expect(times[0]).toBeGreaterThanOrEqual(290);
  });

  it("slows down before a 429 when the provider says the window is spent (RateLimit headers)", async () => {
    const key = "test:headers";
    await waitForRequestSlot(key, 50);
    observeRateLimit(key, new Headers({ "ratelimit-limit": "2", "ratelimit-remaining": "1", "ratelimit-reset": "1" }));
    expect((await slotTimes(key, 1, 50))[0]).toBeLessThan(100);
    observeRateLimit(
      key,
      new Headers({ "ratelimit-limit": "2", "ratelimit-remaining": "0", "ratelimit-reset": "0.3" }),
    );
    expect((await slotTimes(key, 1, 50))[0]).toBeGreaterThanOrEqual(290);
  });

  it("shares the rate with other senders: a 429 slows this one to 80 %, accepted requests win it back", async () => {
    const key = "test:share";
    // The third of three callers starts two intervals after the first call, at the earliest.
    const gap = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last reservation has passed
      return ((await slotTimes(key, 3, 20))[2] as number) / 2;
    };
    expect(await gap()).toBeGreaterThanOrEqual(48);
    sharePace(key, "rate-limited");
    sharePace(key, "rate-limited");
    // 20/s at 64 %: 78 ms apart instead of 50.
    expect(await gap()).toBeGreaterThanOrEqual(76);
    for (let i = 0; i < 20; i++) sharePace(key, "accepted");
    const back = await gap();
    expect(back).toBeGreaterThanOrEqual(48);
    expect(back).toBeLessThan(70);
  });

  it("does not wait without a rate", async () => {
    const times = await slotTimes("test:none", 5, 0);
    expect(times.at(-1)).toBeLessThan(100);
  });
});
