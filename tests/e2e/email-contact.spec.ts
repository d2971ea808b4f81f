import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { latestMailTo, uniqueEmail } from "./support";

test("the Join the Mission form validates, sends, thanks for 5 seconds and emails the team", async ({
  page,
  request,
}) => {
  await page.goto("/about#contact");
  const form = page.getByRole("form", { name: "Join the Mission" });
  await expect(form).toBeVisible();

  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Email is required")).toBeVisible();
  await form.getByLabel("Email").fill("nope");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid email")).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const email = uniqueEmail("contact");
  await form.getByLabel("Name").fill("Wren <Volunteer>");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/Message/).fill("I can help with cleanups on weekends.");
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(
    page.getByText("We'll be in touch soon about ways to protect the wild.", { exact: true }).first(),
  ).toBeVisible();
  const panel = page.getByRole("status").filter({ hasText: "Thank you for joining!" });
  await expect(panel).toBeVisible();
  await expect(form).toBeHidden();
  // After 5 seconds the form is back, empty.
  await expect(page.getByRole("form", { name: "Join the Mission" })).toBeVisible({ timeout: 8_000 });
  await expect(panel).toBeHidden();
  await expect(page.getByRole("form", { name: "Join the Mission" }).getByLabel("Name")).toHaveValue("");

  const team = await latestMailTo(request, "team@earthkind.local", /Wren <Volunteer>/);
  expect(team.headers["Reply-To"]).toBe(email);
  expect(team.html).toContain("Wren &lt;Volunteer&gt;");
  expect(team.text).toContain("I can help with cleanups on weekends.");
});
