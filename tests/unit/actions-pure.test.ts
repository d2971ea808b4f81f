import { describe, expect, it } from "vitest";
import { publishGaps } from "#contract/actions/publish-gaps";
import { actionInputSchema, slugify } from "#contract/actions/schemas";
import { addDays, dayInZone, dayOfWeek, daysBetween } from "#contract/platform/zoned-time";
import { actionTiming } from "../../worker/features/actions/dto";
import { sniffImageType } from "../../worker/features/media/image-sniff";

describe("site calendar", () => {
  it("reads the calendar day in the site's zone", () => {
    expect(dayInZone(new Date("2026-11-22T02:44:00Z"), "America/Los_Angeles")).toBe("2026-11-21");
    expect(dayInZone(new Date("2026-11-22T02:44:00Z"), "UTC")).toBe("2026-11-22");
    expect(dayInZone(new Date("2026-03-08T04:59:00Z"), "America/New_York")).toBe("2026-03-07");
  });

  it("does calendar arithmetic across month, year and DST boundaries", () => {
    expect(addDays("2026-12-29", 6)).toBe("2027-01-04");
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(daysBetween("2026-03-01", "2026-03-15")).toBe(14);
  });

  it("classifies timing inclusive of both dates", () => {
    const a = { startDate: "2026-01-04", endDate: "2026-01-10" };
    expect(actionTiming(a, "2026-01-03")).toBe("upcoming");
    expect(actionTiming(a, "2026-01-04")).toBe("current");
    expect(actionTiming(a, "2026-01-10")).toBe("current");
    expect(actionTiming(a, "2026-01-11")).toBe("past");
    expect(actionTiming({ startDate: null, endDate: null }, "2026-01-11")).toBe("upcoming");
  });
});

describe("action schema", () => {
  it("slugifies titles as the spec says", () => {
    expect(slugify("  Plant Native Wildflowers — for Bees!  ")).toBe("plant-native-wildflowers-for-bees");
    expect(slugify("***")).toBe("");
  });

  it("drops blank rows and defaults the CTA label", () => {
    const out = actionInputSchema.parse({
      title: " A ",
      slug: "a",
      steps: [" one ", "", "  "],
      materials: [""],
      links: [{ label: " ", url: " " }],
      cta_label: "  ",
    });
    expect(out).toMatchObject({
      title: "A",
      steps: ["one"],
      materials: [],
      links: [],
      cta_label: "Do This Week's Action",
    });
    expect(out.start_date).toBeNull();
  });

  it("reports a half-filled link on its own row", () => {
    const res = actionInputSchema.safeParse({
      title: "A",
      slug: "a",
      links: [
        { label: "", url: "" },
        { label: "x", url: "" },
      ],
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({
      path: ["links", 1, "url"],
      message: "Each link needs both a label and a URL",
    });
  });

  it("rejects impossible dates", () => {
    const res = actionInputSchema.safeParse({ title: "A", slug: "a", start_date: "2026-02-30" });
    expect(res.error?.issues[0]?.message).toBe("Enter a valid date");
  });
});

describe("image sniffing", () => {
  const bytes = (...parts: (string | number[])[]) => {
    const out: number[] = [];
    for (const p of parts) out.push(...(typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));
    while (out.length < 32) out.push(0);
    return Uint8Array.from(out);
  };

  it("recognises each accepted type by its magic bytes", () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.mime).toBe("image/png");
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe("image/jpeg");
    expect(sniffImageType(bytes("GIF89a"))?.mime).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))?.mime).toBe("image/webp");
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1miaf"))?.mime).toBe("image/avif");
    // AVIF named only among the compatible brands.
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "mif1avifmiaf"))?.ext).toBe("avif");
  });

  it("refuses everything else", () => {
    expect(sniffImageType(bytes("<svg xmlns='http://www.w3.org/2000/svg'>"))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe("publishGaps (decision 231)", () => {
  const complete = {
    summary: "s".repeat(160),
    steps: ["Do it"],
    image_url: "/media/uploads/x.png",
    why_it_matters: "Because.",
  };
  it("is empty for an action with everything a subscriber expects", () => {
    expect(publishGaps(complete)).toEqual([]);
    expect(publishGaps({ ...complete, summary: "s".repeat(220) })).toEqual([]);
  });
  it("names a summary outside 160–220, no steps, no image and no Why It Matters, in the form's order", () => {
    expect(
      publishGaps({ summary: "Plant a wildflower", steps: ["", "  "], image_url: "", why_it_matters: " " }),
    ).toEqual([
      "The summary is 18 characters (the label asks for 160–220)",
      "No steps under How to Do It",
      "No image",
      "No Why It Matters",
    ]);
    expect(publishGaps({ ...complete, summary: "" })).toEqual(["No summary (the label asks for 160–220 characters)"]);
    expect(publishGaps({ ...complete, summary: "s".repeat(221) })).toEqual([
      "The summary is 221 characters (the label asks for 160–220)",
    ]);
  });
});
