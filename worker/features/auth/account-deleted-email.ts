import type { Locale } from "#contract/i18n/locales";
import { translatorFor } from "../../platform/i18n";
import { html } from "../email/templates/html";
import { type EmailSite, emailHeading, type RenderedEmail, renderLayout } from "../email/templates/layout";

/**
 * The confirmation that an account was deleted, in the member's language: says what went and what, by law or for
 * safety, stays a while.
 */
export function renderAccountDeletedEmail(
  site: EmailSite,
  retentionDays: number,
  locale: Locale = "en",
): RenderedEmail {
  const t = translatorFor(locale);
  const subject = t("email.account.deleted.subject", { site: site.name });
  const heading = t("email.account.deleted.heading");
  const what = t("email.account.deleted.what", { site: site.name });
  const logs = t("email.account.deleted.logs", { days: retentionDays });
  const notYou = t("email.account.deleted.notYou");
  const body = html`
${emailHeading(heading)}
<p style="margin:0 0 12px;">${what}</p>
<p style="margin:0 0 12px;">${logs}</p>
<p style="margin:0;">${notYou}</p>`;
  const text = [heading, what, logs, notYou].join("\n\n");
  const layout = renderLayout({
    locale,
    site,
    title: subject,
    preheader: t("email.account.deleted.preheader"),
    body,
    bodyText: text,
    reason: t("email.account.deleted.reason", { url: site.url }),
    links: null,
    noLinkNote: t("email.account.deleted.lastEmail"),
  });
  return { subject, ...layout, headers: {} };
}
