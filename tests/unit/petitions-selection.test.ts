import { describe, expect, it } from "vitest";
import { normalizeStoredList, selectPublicPetitions, trackedLink } from "../../worker/features/petitions/selection";

describe("trackedLink", () => {
  it("adds the UTM parameters and replaces any the url already carries", () => {
    const link = new URL(trackedLink("https://e.org/p?utm_source=mail&x=1#sign", "petitions_action"));
    expect(link.hash).toBe("#sign");
    expect([...link.searchParams]).toEqual([
      ["utm_source", "website"],
      ["x", "1"],
      ["utm_medium", "quick_wins"],
      ["utm_campaign", "petitions_action"],
    ]);
  });

  it("leaves utm_campaign out when the caller has none", () => {
    expect(new URL(trackedLink("https://e.org/p")).searchParams.has("utm_campaign")).toBe(false);
  });
});

describe("normalizeStoredList", () => {
  it("gives duplicate or missing ids fresh ones and ignores non-objects", () => {
    let i = 0;
    const list = normalizeStoredList([{ id: "a" }, { id: "a" }, {}, null, "x"], () => `new-${++i}`);
    expect(list.map((p) => p.id)).toEqual(["a", "new-1", "new-2"]);
  });

  it("is empty for anything that is not a list", () => {
    expect(normalizeStoredList({ petitions: [] })).toEqual([]);
    expect(normalizeStoredList(null)).toEqual([]);
  });

  it("drops a state on a national petition", () => {
    const [p] = normalizeStoredList([{ id: "a", location_scope: "national", state: "CA" }]);
    expect(p).not.toHaveProperty("state");
  });
});

describe("selectPublicPetitions", () => {
  it("keeps the stored order when no topic is preferred", () => {
    const list = normalizeStoredList(
      ["b", "a", "c"].map((t) => ({ id: t, title: t, url: `https://e.org/${t}`, org_name: "O", verified: true })),
    );
    expect(selectPublicPetitions(list, { limit: 3 }).map((p) => p.title)).toEqual(["b", "a", "c"]);
  });
});
