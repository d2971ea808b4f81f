import { doIUseEmail } from "@jsx-email/doiuse-email";
import { describe, expect, it } from "vitest";
import { emailSamples } from "./support/email-samples";

/** The clients most of our readers use (caniemail's names). */
const CLIENTS = [
  "gmail.desktop-webmail",
  "gmail.ios",
  "gmail.android",
  "gmail.mobile-webmail",
  "yahoo.desktop-webmail",
  "yahoo.ios",
  "yahoo.android",
  "outlook.windows",
  "outlook.windows-mail",
  "outlook.macos",
  "outlook.ios",
  "outlook.android",
  "apple-mail.macos",
  "apple-mail.ios",
  "samsung-email.android",
  "aol.desktop-webmail",
];

/** Whether caniemail lists `declaration` as unsupported by `client` (no data counts as supported). */
const unsupported = (declaration: string, client: string) =>
  !doIUseEmail(`<div style="${declaration}">x</div>`, { emailClients: [client] }).success;

describe("the hidden preheader of every email (decision 227)", () => {
  const samples = emailSamples();

  it.each(samples.map((s) => [s.name, s] as const))(
    "%s: is hidden without a colour trick, in every major client",
    (_, sample) => {
      const match = /<body[^>]*>\s*<div style="([^"]*)">([^<]*)/.exec(sample.html);
      expect(match, "the preheader is the body's first element").not.toBeNull();
      const [, style = "", text = ""] = match ?? [];
      // The text is kept; nothing colours it like its background (SpamAssassin's HTML_FONT_LOW_CONTRAST).
      expect(text.trim().length).toBeGreaterThan(10);
      const declarations = style.split(";").filter(Boolean);
      expect(declarations.filter((d) => /^(color|opacity|font-size|line-height)\s*:/.test(d))).toEqual([]);

      const has = (d: string) => declarations.includes(d);
      for (const client of CLIENTS) {
        const hidden =
          (has("display:none") && !unsupported("display:none", client)) ||
          (has("max-height:0") &&
            has("overflow:hidden") &&
            !unsupported("max-height:0", client) &&
            !unsupported("overflow:hidden", client)) ||
          // Outlook for Windows renders with Word, which honours its own property.
          (client.startsWith("outlook.windows") && has("mso-hide:all"));
        expect(hidden, `${client} shows the preheader of "${sample.subject}"`).toBe(true);
      }
    },
  );
});
