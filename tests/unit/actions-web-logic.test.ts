import { describe, expect, it } from "vitest";
import { acceptedLinks, displayMaterials, formatDateRange } from "../../web/features/actions/action-display";
import { formValuesFromDraft } from "../../web/features/actions/admin/action-form-values";
import { daysActive } from "../../worker/features/completions/stats";

describe("action display rules", () => {
  it("drops non-string and empty materials", () => {
    expect(displayMaterials(["Seeds", "", "  ", 3, null, "Gloves"])).toEqual(["Seeds", "Gloves"]);
    expect(displayMaterials("nope")).toEqual([]);
  });

  it("accepts links only when every item has a label and a url (preview rule)", () => {
    const good = [{ label: "A", url: "https://a.example" }];
    expect(acceptedLinks(good)).toEqual(good);
    expect(acceptedLinks([...good, { label: "B", url: "" }])).toEqual([]);
    expect(acceptedLinks([...good, "x"])).toEqual([]);
    expect(acceptedLinks(null)).toEqual([]);
  });

  it("formats date ranges", () => {
    expect(formatDateRange("2026-05-03", "2026-05-09")).toBe("May 3 – May 9, 2026");
    expect(formatDateRange("2026-12-27", "2027-01-02")).toBe("December 27, 2026 – January 2, 2027");
    expect(formatDateRange("2026-05-03", "2026-05-03")).toBe("May 3, 2026");
    expect(formatDateRange(null, "2026-05-03")).toBeNull();
  });
});

describe("My Progress stats", () => {
  it("counts Days Active as whole days since the oldest completion (GET /api/me/stats)", () => {
    expect(daysActive("2026-05-01T12:00:00.000Z", new Date("2026-05-11T11:00:00.000Z"))).toBe(9);
    expect(daysActive("2026-05-01T12:00:00.000Z", new Date("2026-05-01T11:00:00.000Z"))).toBe(0);
    expect(daysActive(null, new Date())).toBe(0);
  });
});

describe("draft restore", () => {
  it("keeps well-formed fields and one row per list", () => {
    const values = formValuesFromDraft({
      title: "T",
      steps: [],
      links: [{ label: "x" } as never],
      cta_label: undefined,
    });
    expect(values).toMatchObject({
      title: "T",
      steps: [""],
      links: [{ label: "", url: "" }],
      cta_label: "Do This Week's Action",
      schedule_send: true,
    });
  });
});
