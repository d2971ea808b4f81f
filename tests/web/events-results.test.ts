import { describe, expect, it } from "vitest";
import { isRetryable } from "../../web/components/load-error";
import { showingText } from "../../web/features/events/events-results";
import { ApiError } from "../../web/lib/api-error";
import { eventText } from "./support/event-text";

const en = eventText("en");

describe("the events page's count line", () => {
  it("says how many of how many events are shown", () => {
    expect(showingText(en, 20, { count: 45, capped: false })).toBe("Showing 20 of 45 events");
    expect(showingText(en, 1, { count: 1, capped: false })).toBe("Showing 1 of 1 event");
    expect(showingText(en, 40, { count: 1000, capped: true })).toBe("Showing 40 of 1,000+ events");
    // Inserted since the first page was counted: never "21 of 20".
    expect(showingText(en, 21, { count: 20, capped: false })).toBe("Showing 21 of 21 events");
  });
});

describe("which failed reads are worth a retry", () => {
  it("offers one for network and server errors, not for refused input", () => {
    expect(isRetryable(new ApiError(0, "network_error", "Network error"))).toBe(true);
    expect(isRetryable(new ApiError(500, "http_error", "HTTP 500: Internal Server Error"))).toBe(true);
    expect(isRetryable(new ApiError(429, "rate_limited", "Too many"))).toBe(true);
    expect(isRetryable(new ApiError(400, "unknown_zip", "We couldn't find ZIP code 00000."))).toBe(false);
    expect(isRetryable(new ApiError(404, "not_found", "Not found"))).toBe(false);
    expect(isRetryable(new Error("boom"))).toBe(true);
  });
});

describe("the count line in Spanish", () => {
  it("counts with es-US numbers and plurals", () => {
    const es = eventText("es");
    expect(showingText(es, 20, { count: 45, capped: false })).toBe("Mostrando 20 de 45 eventos");
    expect(showingText(es, 1, { count: 1, capped: false })).toBe("Mostrando 1 de 1 evento");
    expect(showingText(es, 40, { count: 1000, capped: true })).toBe(
      `Mostrando 40 de ${new Intl.NumberFormat("es-US").format(1000)}+ eventos`,
    );
  });
});
