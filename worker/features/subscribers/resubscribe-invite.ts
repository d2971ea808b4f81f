import { DEFAULT_LOCALE, type Locale, localizePath } from "#contract/i18n/locales";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { translatorFor } from "../../platform/i18n";
import { createMailProvider } from "../../platform/mail/provider";
import { openManageToken } from "../../platform/manage-token";
import { siteFromConfig } from "../email/content";
import { html } from "../email/templates/html";
import {
  emailColors as C,
  type EmailSite,
  manageLinks,
  type RenderedEmail,
  renderLayout,
} from "../email/templates/layout";

/**
 * "Do you want the weekly email again?" An admin cannot resubscribe anyone: this sends the person
 * their own manage link, and only their click on Resubscribe there turns the email back on
 * (decision 112). No List-Unsubscribe headers: the person is not subscribed. In the person's language,
 * its link to the manage page too.
 */
export function renderResubscribeInvite(
  site: EmailSite,
  firstName: string,
  manageToken: string,
  locale: Locale = DEFAULT_LOCALE,
): RenderedEmail {
  const t = translatorFor(locale);
  const links = manageLinks(site, manageToken, locale);
  const url = links?.manageUrl ?? `${site.url}${localizePath("/unsubscribe", locale)}`;
  const name = firstName.trim() || t("email.subscription.friend");
  const subject = t("email.resubscribe.subject", { site: site.name });
  const greeting = t("email.subscription.hi", { name });
  const lead = t("email.resubscribe.lead");
  const button = t("email.resubscribe.button");
  const note = t("email.resubscribe.note");
  // The button's name sits in the sentence in bold: the sentence is split around it, each part escaped.
  const [before = "", after = ""] = t("email.resubscribe.how", { button: "\u0000" }).split("\u0000");
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${C.forest};">${greeting}</h1>
<p style="margin:0 0 12px;">${lead}</p>
<p style="margin:0 0 12px;">${before}<strong>${button}</strong>${after}</p>
<p style="margin:20px 0;"><a href="${url}" style="display:inline-block;background:${C.forest};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;">${button}</a></p>
<p style="margin:0;">${note}</p>`;
  // In the text version the sentence leads to the link: "… choose Resubscribe: https://…".
  const how = t("email.resubscribe.how", { button }).replace(/\.$/, "");
  const text = [greeting, lead, `${how}: ${url}`, note].join("\n\n");
  const layout = renderLayout({
    site,
    locale,
    title: subject,
    preheader: t("email.resubscribe.preheader"),
    body,
    bodyText: text,
    reason: t("email.resubscribe.reason", { site: site.name }),
    links: null,
    noLinkNote: t("email.resubscribe.noLinkNote"),
  });
  return { subject, ...layout, headers: {} };
}

export async function sendResubscribeInvite(
  db: Db,
  config: Config,
  subscriber: {
    id: string;
    email: string;
    firstName: string;
    manageTokenHash: string;
    manageTokenSealed: string | null;
    locale: Locale;
  },
  now: Date,
): Promise<void> {
  const token = await openManageToken(config.JWT_SECRET ?? "", subscriber);
  if (!token) throw new Error("resubscribe invite: the manage token cannot be opened (JWT_SECRET rotated?)");
  const rendered = renderResubscribeInvite(siteFromConfig(config), subscriber.firstName, token, subscriber.locale);
  // One per person per day: a double click (or a retried request) does not send twice.
  const idempotencyKey = `resubscribe-invite:${subscriber.id}:${now.toISOString().slice(0, 10)}`;
  const [result] = await createMailProvider(config, db).sendBatch([
    { to: subscriber.email, ...rendered, stream: "marketing", idempotencyKey },
  ]);
  if (!result?.ok && result?.suppressed) {
    // Marketing mail (decision 181): the list holds it back, and retrying will not change that.
    throw new AppError(
      409,
      "suppressed",
      "This address is on the suppression list (bounce or complaint), so the invitation was not sent. Remove it from the list in Email Settings first.",
    );
  }
  if (!result?.ok) {
    console.error("resubscribe invite: provider refused the message", result);
    throw new AppError(503, "mail_unavailable", "We couldn't send the email. Please try again in a moment.");
  }
}
