import { describe, expect, it } from "vitest";
import { clientLabel } from "../../worker/features/auth/client-label";

// Real User-Agent strings, as each browser sends them in 2026.
const AGENTS: [string, string][] = [
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Safari on iPhone",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Safari on macOS",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Chrome on Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Microsoft Edge on Windows",
  ],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
  [
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
    "Chrome on iPad",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    "Samsung Internet on Android",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome on Linux",
  ],
];

describe("clientLabel", () => {
  it.each(AGENTS)("names %s as %s", (ua, label) => expect(clientLabel(ua)).toBe(label));

  it("says nothing for a missing or unrecognised agent", () => {
    expect(clientLabel(null)).toBeNull();
    expect(clientLabel("")).toBeNull();
    expect(clientLabel("curl/8.0")).toBeNull();
  });

  it("reads only the first 512 characters", () => {
    expect(clientLabel(`${"x".repeat(600)} Firefox/133.0`)).toBeNull();
  });
});
