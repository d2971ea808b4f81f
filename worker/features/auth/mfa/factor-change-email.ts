import { LINKED_PATHS } from "#contract/pages/linked-paths";
import type { MailMessage } from "../../../platform/mail/types";
import { html } from "../../email/templates/html";
import {
  emailColors as C,
  type EmailSite,
  emailButton,
  emailHeading,
  renderLayout,
} from "../../email/templates/layout";

export type FactorChange =
  | { kind: "app_added"; replaced: boolean }
  | { kind: "passkey_added"; name: string }
  | { kind: "passkey_removed"; name: string };

export type FactorChangeEmailInput = {
  to: string;
  site: EmailSite;
  change: FactorChange;
  /** The browser family the change came from ("Firefox"), null when the User-Agent named none. */
  browser: string | null;
  at: Date;
};

function wordsFor(change: FactorChange, site: EmailSite) {
  switch (change.kind) {
    case "app_added":
      return {
        subject: `An authenticator app was added to your ${site.name} account`,
        heading: change.replaced ? "Your authenticator app was replaced" : "An authenticator app was added",
        what: change.replaced
          ? "A new authenticator app replaced the one on your account, with new recovery codes: the old app's codes and the earlier recovery codes no longer work."
          : "An authenticator app was set up as a second factor on your account, with 10 recovery codes.",
      };
    case "passkey_added":
      return {
        subject: `A passkey was added to your ${site.name} account`,
        heading: "A passkey was added",
        what: `A passkey named “${change.name}” was added to your account. It signs in without a password.`,
      };
    case "passkey_removed":
      return {
        subject: `A passkey was removed from your ${site.name} account`,
        heading: "A passkey was removed",
        what: `The passkey named “${change.name}” was removed from your account. It no longer signs in.`,
      };
  }
}

/**
 * Tells the account holder a second factor changed (decision 213): what, when and from which browser, and
 * what to do if it was not them. Account mail, sent even to a suppressed address: the layout without a
 * subscriber's footer (`links: null`).
 */
export function factorChangeEmail({ to, site, change, browser, at }: FactorChangeEmailInput): MailMessage {
  const { subject, heading, what } = wordsFor(change, site);
  const when = `On ${at.toUTCString()}, from ${browser ? `a ${browser} browser` : "a browser we could not name"}.`;
  const notYou =
    "If this was you, there is nothing to do. If this was not you, someone may have your password or access to your email: sign in with a magic link, check your passkeys and authenticator app under your account, sign out every other device, and change your email password.";
  const accountUrl = `${site.url}${LINKED_PATHS.myProgress}`;
  const body = html`
${emailHeading(heading)}
<p style="margin:0 0 12px;">${what}</p>
<p style="margin:0 0 12px;">${when}</p>
<p style="margin:0;">${notYou}</p>
${emailButton(accountUrl, "Review my account")}
<p style="margin:0;font-size:14px;word-break:break-all;"><a href="${accountUrl}" style="color:${C.forest};">${accountUrl}</a></p>`;
  const text = [heading, "", what, "", when, "", notYou, "", `Review your account: ${accountUrl}`].join("\n");
  const layout = renderLayout({
    site,
    title: subject,
    preheader: what,
    body,
    bodyText: text,
    reason: `You have an account on ${site.url}.`,
    links: null,
  });
  return { to, subject, ...layout, stream: "account" };
}
