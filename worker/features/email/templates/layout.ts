import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale, localizePath } from "#contract/i18n/locales";
import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { translate } from "../../../platform/i18n";
import { html, SafeHtml } from "./html";

/** Site facts every email needs: who sends it, where links point, the CAN-SPAM postal address. */
export type EmailSite = {
  name: string;
  /** Origin of the public site, no trailing slash. */
  url: string;
  postalAddress: string | undefined;
  timeZone: string;
};

/** The personal links of a subscriber, or none (a test send to an address that is not subscribed). */
export type ManageLinks = { manageUrl: string; oneClickUrl: string } | null;

export type RenderedEmail = { subject: string; html: string; text: string; headers: Record<string, string> };

/**
 * A subscriber's personal links. The manage page opens in the email's language (`/es/unsubscribe` for a Spanish
 * subscriber, the `List-Unsubscribe` page link included); the one-click endpoint is an API, the same for everyone.
 */
export function manageLinks(
  site: EmailSite,
  manageToken: string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): ManageLinks {
  if (!manageToken) return null;
  const token = encodeURIComponent(manageToken);
  return {
    manageUrl: `${site.url}${localizePath(`/unsubscribe?token=${token}`, locale)}`,
    oneClickUrl: `${site.url}/api/subscription/one-click?token=${token}`,
  };
}

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs to our one-click endpoint. */
export function listUnsubscribeHeaders(links: ManageLinks): Record<string, string> {
  if (!links) return {};
  return {
    "List-Unsubscribe": `<${links.oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const COLORS = { forest: "#1f4d36", moss: "#4f7a3a", sand: "#f6f1e7", ink: "#1c2b22", muted: "#51614f" };
/**
 * Keeps mail clients from pulling the first body line into the inbox preview after the preheader. The
 * preheader is hidden by `display:none` (every major client, caniemail) with `max-height:0;overflow:hidden`
 * and `mso-hide:all` for the clients that ignore it; never by a colour like the background's, which
 * SpamAssassin's stock HTML_FONT_LOW_CONTRAST scores (decision 227).
 */
const PREHEADER_PAD = new SafeHtml("&#847;&zwnj;&nbsp;".repeat(40));

/**
 * What every email wraps its body in. The caller gives its texts already in the recipient's language and
 * `locale` (default English) for the layout's own: `<html lang>`, the footer's support and manage links' words
 * (locales/<locale>/email/layout.json) and the support page's address (`/es/get-support`). `links` come from
 * `manageLinks(site, token, locale)` so the manage page opens in the same language.
 */
export type LayoutInput = {
  site: EmailSite;
  /** The recipient's language: required, so no email forgets it (an admin's notice says "en"). */
  locale: Locale;
  title: string;
  preheader: string;
  body: SafeHtml;
  bodyText: string;
  /** Why the person gets this email (shown in the footer). */
  reason: string;
  links: ManageLinks;
  /** Shown instead of the manage link when there is no personal link (test sends). */
  noLinkNote?: string;
};

/** The support link of every email's footer (support-link.ts), in the email's language. */
export const supportUrl = (site: EmailSite, locale: Locale = DEFAULT_LOCALE) =>
  `${site.url}${localizePath(LINKED_PATHS.getSupport, locale)}`;

export function renderLayout(input: LayoutInput): { html: string; text: string } {
  const { site, links } = input;
  const { locale } = input;
  // The same words as the site's footer in English (SUPPORT_LINK_LABEL, WCAG 3.2.6 consistent help).
  const supportLabel = translate(locale, "email.layout.support");
  const manageLabel = translate(locale, "email.layout.manage");
  const support = supportUrl(site, locale);
  const manage = links
    ? html`<a href="${links.manageUrl}" style="color:${COLORS.forest};">${manageLabel}</a>`
    : html`${input.noLinkNote ?? ""}`;
  const doc = html`<!doctype html>
<html lang="${LOCALE_TAGS[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${input.title}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.sand};color:${COLORS.ink};font-family:Georgia,'Times New Roman',serif;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${input.preheader}${PREHEADER_PAD}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.sand};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:24px 28px 8px;font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:bold;color:${COLORS.forest};">
<a href="${site.url}" style="color:${COLORS.forest};text-decoration:none;">${site.name}</a>
</td></tr>
<tr><td style="padding:8px 28px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.55;color:${COLORS.ink};">
${input.body}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e4e0d5;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:${COLORS.muted};">
<p style="margin:0 0 8px;"><a href="${support}" style="color:${COLORS.forest};">${supportLabel}</a></p>
<p style="margin:0 0 8px;">${input.reason}</p>
<p style="margin:0 0 8px;">${manage}</p>
${site.postalAddress ? html`<p style="margin:0;">${site.postalAddress}</p>` : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    site.name,
    "",
    input.bodyText.trim(),
    "",
    "--",
    `${supportLabel}: ${support}`,
    input.reason,
    links ? `${manageLabel}: ${links.manageUrl}` : (input.noLinkNote ?? ""),
    site.postalAddress ?? "",
  ]
    .filter((line, i, all) => !(line === "" && all[i - 1] === ""))
    .join("\n")
    .trim();

  return { html: doc.value, text: `${text}\n` };
}

export const emailColors = COLORS;

/** An email's one heading. */
export const emailHeading = (text: string) =>
  html`<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${COLORS.forest};">${text}</h1>`;

const BUTTON_BASE = "display:inline-block;text-decoration:none;border-radius:8px;font-weight:bold;margin:0 8px 8px 0;";
const PRIMARY = `${BUTTON_BASE}background:${COLORS.forest};color:#ffffff;border:2px solid ${COLORS.forest};padding:10px 18px;`;
const SECONDARY = `${BUTTON_BASE}background:#ffffff;color:${COLORS.forest};border:2px solid ${COLORS.forest};padding:10px 18px;`;

/**
 * An email's calls to action: links styled as buttons (mail clients drop real buttons). Each keeps its margin
 * on the right and below, none on the left, so a second button that wraps on a phone starts flush under the
 * first, and side by side they keep their gap (decision 227).
 */
export const emailButtons = (primary: { href: string; label: string }, secondary?: { href: string; label: string }) =>
  html`<p style="margin:20px 0 12px;"><a href="${primary.href}" style="${PRIMARY}">${primary.label}</a>${secondary ? html`<a href="${secondary.href}" style="${SECONDARY}">${secondary.label}</a>` : ""}</p>`;

/** An email's one call to action. */
export const emailButton = (href: string, label: string) => emailButtons({ href, label });
