import { describe, expect, it } from "vitest";
import {
  isSafeRedirectPath,
  magicLinkRequestSchema,
  passwordSignInSchema,
  setPasswordFormSchema,
} from "#contract/auth/schemas";
import { magicLinkEmail } from "../../worker/features/auth/magic-link-email";
import { passwordChangedEmail } from "../../worker/features/auth/password-changed-email";
import { formatWait } from "../../worker/features/auth/throttle-messages";
import { looksWeak } from "../../worker/features/security/scan-config";

describe("auth schemas", () => {
  it("normalises the email and accepts only same-origin relative redirects", () => {
    expect(magicLinkRequestSchema.parse({ email: "  Ada@Example.COM " })).toEqual({ email: "ada@example.com" });
    for (const ok of ["/", "/my-progress", "/actions/plant-a-tree?x=1#top"])
      expect(isSafeRedirectPath(ok), ok).toBe(true);
    for (const bad of ["", "my-progress", "//evil.com", "/\\evil.com", "https://evil.com", "/\t/evil.com"]) {
      expect(isSafeRedirectPath(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("gives the spec's message for a missing password", () => {
    const result = passwordSignInSchema.safeParse({ email: "a@b.co", password: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter your password.");
  });

  it("checks the new-password rules: length, not the email, confirmation", () => {
    const schema = setPasswordFormSchema("Ada@Example.com");
    const messages = (password: string, confirm = password) =>
      schema.safeParse({ current: "", password, confirm }).error?.issues.map((i) => i.message) ?? [];
    expect(messages("short")).toContain("Password must be at least 10 characters.");
    expect(messages("ada@example.com")).toContain("Password must not be the same as your email address.");
    expect(messages("long enough password", "different")).toContain("Passwords do not match.");
    expect(messages("long enough password")).toEqual([]);
  });
});

describe("throttle messages", () => {
  it("says how long to wait in words", () => {
    expect(formatWait(1)).toBe("in 1 second");
    expect(formatWait(45)).toBe("in 45 seconds");
    expect(formatWait(60)).toBe("in 1 minute");
    expect(formatWait(61, false)).toBe("2 minutes");
  });
});

describe("magic-link email", () => {
  it("has an HTML and a text part and escapes interpolated values", () => {
    const message = magicLinkEmail({
      to: "a@b.co",
      link: "https://earthkind.example/auth/verify?token=abc&x=<script>",
      site: { name: "Earth <b>kind</b>", url: "https://earthkind.example", postalAddress: undefined, timeZone: "UTC" },
      ttlMinutes: 10,
    });
    expect(message.html).not.toContain("<script>");
    expect(message.html).not.toContain("<b>kind</b>");
    expect(message.html).toContain("token=abc&amp;x=&lt;script&gt;");
    expect(message.html).toContain("Earth &lt;b&gt;kind&lt;/b&gt;");
    expect(message.text).toContain("https://earthkind.example/auth/verify?token=abc&x=<script>");
    expect(message.text).toContain("expires in 10 minutes");
  });

  it("is account mail: the site's layout without a subscriber's unsubscribe footer", () => {
    const site = { name: "Earthkind", url: "https://earthkind.example", postalAddress: "1 Main St", timeZone: "UTC" };
    const signIn = magicLinkEmail({
      to: "a@b.co",
      link: "https://earthkind.example/auth/verify?token=t",
      site,
      ttlMinutes: 1,
    });
    const changed = passwordChangedEmail({
      to: "a@b.co",
      signInLink: "https://earthkind.example/auth",
      site,
      changedAt: new Date("2030-01-02T03:04:05Z"),
    });
    for (const message of [signIn, changed]) {
      expect(message.html).toContain('href="https://earthkind.example"');
      expect(message.html).toContain("1 Main St");
      expect(`${message.html}${message.text}`).not.toMatch(/unsubscribe/i);
      expect(message.headers ?? {}).not.toHaveProperty("List-Unsubscribe");
    }
    expect(signIn.text).toContain(
      "It works once and expires in 1 minute:\nhttps://earthkind.example/auth/verify?token=t",
    );
    expect(signIn.text).toContain("If you did not ask to sign in to Earthkind, you can ignore this email");
    expect(changed.text).toContain("on Wed, 02 Jan 2030 03:04:05 GMT. Every other device was signed out.");
    expect(changed.text).toContain("That signs out everyone else:\nhttps://earthkind.example/auth");
  });
});

describe("JWT secret strength", () => {
  it("flags words and low variety, accepts generated secrets", () => {
    expect(looksWeak("my-super-secret-jwt-key-for-earthkind")).toBe(true);
    expect(looksWeak("a".repeat(64))).toBe(true);
    expect(looksWeak("9f2c4e7a1b8d3f6c0e5a2d9b7c4f1e8a")).toBe(false);
  });
});
