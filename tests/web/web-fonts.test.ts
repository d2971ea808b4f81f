import fraunces from "@fontsource-variable/fraunces/unicode.json";
import inter from "@fontsource-variable/inter/unicode.json";
import { describe, expect, it } from "vitest";
import { LATIN, LATIN_EXT } from "../../web/lib/web-fonts";

describe("web fonts", () => {
  it("give each face the unicode range fontsource gives its subset", () => {
    for (const subsets of [inter, fraunces]) {
      expect(LATIN).toBe(subsets.latin);
      expect(LATIN_EXT).toBe(subsets["latin-ext"]);
    }
  });
});
