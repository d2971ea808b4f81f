import { emailSamples } from "../unit/support/email-samples";
import { expect, test } from "./fixtures";

/** The weekly email's two buttons as a phone and a desktop lay them out (decision 227). */
const weekly = emailSamples().find((s) => s.name === "weekly");

for (const [width, stacked] of [
  [390, true],
  [1280, false],
] as const) {
  test(`the weekly email's buttons ${stacked ? "stack flush" : "sit side by side"} at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(weekly?.html ?? "");
    const main = await page.getByRole("link", { name: "Do This Week's Action" }).boundingBox();
    const didIt = await page.getByRole("link", { name: "I did it" }).boundingBox();
    if (!main || !didIt) throw new Error("buttons not rendered");
    expect(didIt.height).toBeCloseTo(main.height, 0);
    if (stacked) {
      // The second button starts under the first, at the same left edge, with a gap.
      expect(didIt.x).toBeCloseTo(main.x, 0);
      expect(didIt.y).toBeGreaterThanOrEqual(main.y + main.height + 4);
    } else {
      expect(didIt.y).toBeCloseTo(main.y, 0);
      expect(didIt.x - (main.x + main.width)).toBeCloseTo(8, 0);
    }
    // The preheader is not shown.
    await expect(page.locator("body > div").first()).toBeHidden();
  });
}
