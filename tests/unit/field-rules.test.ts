import { describe, expect, it } from "vitest";
import {
  FIELD_MAX,
  isCalendarDate,
  isEmail,
  isLooseEmail,
  isPlainText,
  isSitePath,
  isWebUrl,
  isZip,
  normaliseUrl,
  parseWebUrl,
  zip5,
} from "#contract/platform/field-rules";

/** Each pathological input must be refused well inside this, even on a loaded 2-core machine. */
const FAST_MS = 50;
const timed = (fn: () => boolean) => {
  const t0 = performance.now();
  const result = fn();
  return { result, ms: performance.now() - t0 };
};

describe("isEmail", () => {
  it.each(["ann@example.org", "o'neil+news@mail.example.co.uk", "a.b-c_d%e@x-y.io"])("accepts %s", (v) =>
    expect(isEmail(v)).toBe(true),
  );
  it.each([
    "",
    "ann",
    "ann@",
    "@example.org",
    "ann@example",
    "ann@example.c",
    "ann@@example.org",
    "ann@exa mple.org",
    "ann @example.org",
    "ann@example..org",
    "ann@.example.org",
    "ann@example.org\n",
    "a<b>@example.org",
  ])("refuses %j", (v) => expect(isEmail(v)).toBe(false));

  it("refuses more than 254 characters, even when the pattern would match", () => {
    const fits = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.org`;
    expect(fits.length).toBeLessThanOrEqual(FIELD_MAX.email);
    expect(isEmail(fits)).toBe(true);
    const long = `${"a".repeat(FIELD_MAX.email)}${fits}`;
    expect(isEmail(long)).toBe(false);
  });

  it.each([
    ["64 000 dots", `a@${".".repeat(64_000)}@`],
    ["200 KB of labels", `a@${"a.".repeat(100_000)}@`],
    ["200 KB local part", `${"a".repeat(200_000)}@`],
  ])("answers %s quickly", (_name, v) => {
    const { result, ms } = timed(() => isEmail(v) || isLooseEmail(v));
    expect(result).toBe(false);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it("stays linear on the longest input the length allows", () => {
    const v = `a@${"a.".repeat(125)}@`.slice(0, FIELD_MAX.email);
    const { result, ms } = timed(() => isEmail(v));
    expect(result).toBe(false);
    expect(ms).toBeLessThan(FAST_MS);
  });
});

describe("isLooseEmail", () => {
  it("is the contact form's something@something", () => {
    expect(isLooseEmail("ann@localhost")).toBe(true);
    expect(isLooseEmail("ann@")).toBe(false);
    expect(isLooseEmail("a@b@c")).toBe(false);
    expect(isLooseEmail(`a@${"b".repeat(300)}`)).toBe(false);
  });
});

describe("isZip / zip5", () => {
  it("accepts 5 digits and ZIP+4", () => {
    expect(isZip("97201")).toBe(true);
    expect(isZip("97201-1234")).toBe(true);
  });
  it.each(["9720", "972011", "97201-12", "97201 1234", "abcde", "９７２０１", ""])("refuses %j", (v) =>
    expect(isZip(v)).toBe(false),
  );
  it("refuses 200 KB of digits by length", () => expect(isZip("1".repeat(200_000))).toBe(false));
  it("gives the leading five digits", () => {
    expect(zip5(" 97201-1234 ")).toBe("97201");
    expect(zip5("nope")).toBeUndefined();
    expect(zip5(null)).toBeUndefined();
  });
});

describe("web URLs", () => {
  it("accepts http and https, https only when asked", () => {
    expect(isWebUrl("https://example.org/a?b=c")).toBe(true);
    expect(isWebUrl("http://example.org")).toBe(true);
    expect(isWebUrl("http://example.org", { httpsOnly: true })).toBe(false);
    expect(parseWebUrl("HTTPS://Example.ORG/x")?.href).toBe("https://example.org/x");
  });
  it.each([
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    "ftp://example.org",
    "//example.org",
    "/relative",
    "not a url",
    "",
  ])("refuses %j", (v) => expect(isWebUrl(v)).toBe(false));
  it("refuses URLs longer than 2048 characters", () => {
    expect(isWebUrl(`https://example.org/${"a".repeat(FIELD_MAX.url)}`)).toBe(false);
  });
  it("normalises to new URL(v).href, so no raw CR/LF or space survives", () => {
    expect(normaliseUrl("HTTPS://Example.org/a b")).toBe("https://example.org/a%20b");
    expect(normaliseUrl("https://example.org/x\r\nX-Evil: 1")).not.toMatch(/[\r\n]/);
    expect(normaliseUrl("not a url")).toBe("not a url");
  });
});

describe("isSitePath", () => {
  it.each(["/media/abc.png", "/actions/clean-up", "/"])("accepts %s", (v) => expect(isSitePath(v)).toBe(true));
  it.each([
    "//evil.example/x",
    "/\\evil.example/x",
    "/media\\..\\x",
    "\\\\evil.example",
    "media/x.png",
    "https://example.org",
    "/a b",
    "/a\nb",
    "",
  ])("refuses %j", (v) => expect(isSitePath(v)).toBe(false));
});

describe("isCalendarDate", () => {
  it.each(["2026-02-28", "2024-02-29", "2026-12-31"])("accepts %s", (v) => expect(isCalendarDate(v)).toBe(true));
  it.each(["2026-02-30", "2025-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00", ""])(
    "refuses %j",
    (v) => expect(isCalendarDate(v)).toBe(false),
  );
});

it("isCalendarDate refuses 100 KB by length", () => expect(isCalendarDate("2".repeat(100_000))).toBe(false));

describe("isPlainText", () => {
  it("accepts ordinary text, emoji and accents", () => {
    expect(isPlainText("Ana Núñez 🌱")).toBe(true);
  });
  it("refuses control characters; newline and tab only in multi-line text", () => {
    expect(isPlainText("a\nb")).toBe(false);
    expect(isPlainText("a\tb")).toBe(false);
    expect(isPlainText("a\r\nb\tc", { multiline: true })).toBe(true);
    for (const ch of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085"]) {
      expect(isPlainText(`a${ch}b`, { multiline: true }), JSON.stringify(ch)).toBe(false);
    }
  });
  it("refuses bidi overrides and isolates and line separators", () => {
    for (const ch of ["\u202e", "\u202a", "\u2066", "\u2069", "\u2028", "\u2029"]) {
      expect(isPlainText(`a${ch}b`, { multiline: true }), JSON.stringify(ch)).toBe(false);
    }
  });
});
