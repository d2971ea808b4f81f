import { describe, expect, it } from "vitest";
import {
  DEFAULT_PETITION_IMAGE,
  locationBadge,
  orgAvatar,
  petitionImageSrc,
} from "../../web/features/petitions/petition-display";

describe("petition display rules", () => {
  it("uses the wildflower image for empty and placeholder urls", () => {
    expect(petitionImageSrc(undefined)).toBe(DEFAULT_PETITION_IMAGE);
    expect(petitionImageSrc("  ")).toBe(DEFAULT_PETITION_IMAGE);
    expect(petitionImageSrc("https://cdn.example.org/Placeholder-600x400.png")).toBe(DEFAULT_PETITION_IMAGE);
    expect(petitionImageSrc("https://cdn.example.org/bees.webp")).toBe("https://cdn.example.org/bees.webp");
  });

  it("makes avatar initials from the first letters of words, at most 2, uppercased", () => {
    expect(orgAvatar("sierra club").initials).toBe("SC");
    expect(orgAvatar("The Nature Conservancy").initials).toBe("TN");
    expect(orgAvatar("Earthjustice").initials).toBe("E");
    expect(orgAvatar("Friends & Allies of Parks").initials).toBe("FA");
    expect(orgAvatar("  Émile  öko ")).toEqual({ initials: "ÉÖ", name: "Émile  öko" });
  });

  it("falls back to 'UO' / 'Unknown Org' without a name", () => {
    expect(orgAvatar("")).toEqual({ initials: "UO", name: "Unknown Org" });
    expect(orgAvatar(undefined)).toEqual({ initials: "UO", name: "Unknown Org" });
    expect(orgAvatar(" & ")).toEqual({ initials: "UO", name: "Unknown Org" });
  });

  it("hides the location badge for national and shows the state or else the scope", () => {
    expect(locationBadge({ location_scope: "national" })).toBeNull();
    expect(locationBadge({ location_scope: "state", state: "OR" })).toBe("OR");
    expect(locationBadge({ location_scope: "local" })).toBe("Local");
    expect(locationBadge({ location_scope: "state" })).toBe("State");
  });
});
