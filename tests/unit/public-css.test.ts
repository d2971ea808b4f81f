import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicModules } from "../../vite.public-css";

const root = path.resolve(import.meta.dirname, "../..");

describe("the public pages' stylesheet sources (decision 240)", () => {
  const modules = publicModules(root);

  it("follow the public pages' code: the layout, the pages, their islands, code loaded lazily", () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        "web/app/layout.tsx",
        "web/app/header.tsx",
        "web/app/home/hero-section.tsx",
        "web/pages/home.page.ts",
        "web/islands/registry.ts",
        "web/features/subscribers/signup-form.tsx",
        "web/features/petitions/quick-wins-petitions.tsx",
        "web/features/completions/completion-dialog.tsx",
        "web/components/ui/button.tsx",
      ]),
    );
  });

  it("leave out the pages the browser renders (admin, My Progress, previews) and the admin's shell", () => {
    for (const file of [
      "web/app/admin-shell.tsx",
      "web/pages/admin.page.ts",
      "web/pages/my-progress.page.ts",
      "web/features/admin/admin-layout.tsx",
      "web/features/petitions/admin-petitions-page.tsx",
      "web/features/completions/my-progress-page.tsx",
      "web/features/actions/action-preview-page.tsx",
    ])
      expect(modules).not.toContain(file);
    expect(modules.filter((file) => /(^|\/)admin[-/]/.test(file))).toEqual([]);
  });
});
