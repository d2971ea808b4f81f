import { describe, expect, it } from "vitest";
import { clean, cleanMultiline, htmlToText, parseUsAddress, webUrl } from "../../worker/features/ingestion/classify";
import { TEXT_MAX } from "../../worker/features/ingestion/limits";
import { parseClock, parseListingDate } from "../../worker/features/ingestion/local-time-parse";

// Decision 180: remote text is cut to its stored length before any pattern reads it, and the
// patterns are linear. Each input here is a megabyte that a rescanning pattern would take minutes on.
const MB = 1_000_000;

describe("remote text, cut before it is read", () => {
  it("keeps ordinary HTML as before: tags dropped, blocks and breaks become lines, entities decoded", () => {
    expect(
      htmlToText(
        "<p>Meet at the <b>east</b> lot.</p><script>alert(1)</script><STYLE>p{}</STYLE><p>Ages 12+ &amp; up.<br/>Gloves</p>",
      ),
    ).toBe("Meet at the east lot.\nAges 12+ & up.\nGloves");
    expect(htmlToText("ages < 12 welcome")).toBe("ages < 12 welcome");
    expect(htmlToText("a <> b")).toBe("a <> b");
    expect(htmlToText("a <b>c</b> <unclosed d")).toBe("a c <unclosed d");
  });

  it("cuts a megabyte of unclosed tags to the stored length", () => {
    const text = htmlToText(`<p>Intro</p>${"<a href=x".repeat(MB / 9)}`);
    expect(text.startsWith("Intro\n<a href=x<a href=x")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(TEXT_MAX.description);
  });

  it("cuts a megabyte of nested tags to the markup of its first 5,000 characters: no text", () => {
    expect(htmlToText(`${"<div><span>".repeat(MB / 11)}deep`)).toBe("");
  });

  it("drops a tag cut in half at the end", () => {
    expect(htmlToText(`Hello <b>world</b> <a href="https://example.org/${"x".repeat(100)}">link</a>`, 30)).toBe(
      "Hello world…",
    );
  });

  it("treats an unclosed script as running to the end, without rescanning", () => {
    expect(htmlToText(`Before${"<script>".repeat(MB / 8)}`)).toBe("Before…");
    expect(htmlToText("Before<script>x</script>After<style>y")).toBe("BeforeAfter");
  });

  it("collapses a megabyte of blanks", () => {
    expect(clean(`a${" ".repeat(MB)}b`)).toBe("a…");
    expect(cleanMultiline(`a${" \n".repeat(MB / 2)}b`)).toBe("a…");
    expect(cleanMultiline("a  \n \n\n\n  b")).toBe("a\n\nb");
    expect(cleanMultiline(`${"x\n".repeat(MB / 2)}`)?.length).toBe(TEXT_MAX.description);
  });

  it("marks cut text and keeps short text as it was", () => {
    expect(clean("x".repeat(250), 200)).toBe(`${"x".repeat(199)}…`);
    expect(clean("x".repeat(200), 200)).toBe("x".repeat(200));
    expect(clean("   ")).toBeNull();
  });

  it("reads dates and clocks from their first 200 characters", () => {
    expect(parseListingDate(`${" ".repeat(MB)}2030-03-07`)).toEqual({ kind: "local", date: "2030-03-07", time: null });
    expect(parseListingDate(`${"x".repeat(MB)}2030-03-07`)).toEqual({ kind: "invalid", raw: "x".repeat(200) });
    expect(parseListingDate(`March 7, 2030 9:00 AM${" ".repeat(MB)}`)).toEqual({
      kind: "local",
      date: "2030-03-07",
      time: "09:00",
    });
    expect(parseClock(`${"1 ".repeat(MB / 2)}`)).toBeNull();
  });

  it("refuses URLs over 2 KB and finds the last ZIP in one pass", () => {
    expect(webUrl(`https://example.org/${"a".repeat(TEXT_MAX.url)}`)).toBeNull();
    expect(webUrl("https://example.org/a")).toBe("https://example.org/a");
    expect(parseUsAddress(`${"12345 ".repeat(50)}94129`)).toEqual({
      street: null,
      city: null,
      state: null,
      postalCode: "94129",
    });
    expect(parseUsAddress("Box 12345-6789, Somewhere")).toEqual({
      street: null,
      city: null,
      state: null,
      postalCode: "12345",
    });
  });

  it("splits a one-line address into street, city, state and ZIP, leaving a venue's name out of the street", () => {
    expect(parseUsAddress("Cathedral Park, 6635 N Baltimore Ave, Portland, OR 97203")).toEqual({
      street: "6635 N Baltimore Ave",
      city: "Portland",
      state: "OR",
      postalCode: "97203",
    });
    expect(parseUsAddress("N Edison St, Portland, OR 97203-1234, USA").street).toBe("N Edison St");
    expect(parseUsAddress("Forest Park, Portland, OR 97210")).toEqual({
      street: null,
      city: "Portland",
      state: "OR",
      postalCode: "97210",
    });
    expect(parseUsAddress("Portland, OR 97210").street).toBeNull();
    expect(parseUsAddress("PO Box 12, Arcata, CA").street).toBe("PO Box 12");
  });
});
