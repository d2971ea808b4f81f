import type { Config } from "../../platform/config";
import { siteFromConfig } from "../email/content";
import { html } from "../email/templates/html";
import { type RenderedEmail, renderLayout } from "../email/templates/layout";

/** The operator's alert email; every value is escaped (details can quote provider errors). */
export function renderAlertEmail(
  config: Config,
  alert: { title: string; subject: string; details: string; firstSeenAt: string },
): RenderedEmail {
  const site = siteFromConfig(config);
  const dashboard = `${site.url}/admin`;
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:22px;">${alert.title}</h1>
<p style="margin:0 0 12px;white-space:pre-wrap;">${alert.details}</p>
<p style="margin:0 0 4px;"><strong>Subject:</strong> ${alert.subject}</p>
<p style="margin:0 0 12px;"><strong>First seen:</strong> ${alert.firstSeenAt}</p>
<p style="margin:0;"><a href="${dashboard}">Open the admin dashboard</a> to see it and acknowledge it.</p>`;
  const text = [
    alert.title,
    alert.details,
    `Subject: ${alert.subject}\nFirst seen: ${alert.firstSeenAt}`,
    `Open the admin dashboard to acknowledge it: ${dashboard}`,
  ].join("\n\n");
  const layout = renderLayout({
    // For the site's operators, who read English.
    locale: "en",
    site,
    title: alert.title,
    preheader: alert.details.slice(0, 120),
    body,
    bodyText: text,
    reason: `Sent to the ${site.name} operators by the site's monitoring (ALERT_EMAIL).`,
    links: null,
  });
  return {
    subject: `[${site.name} alert] ${alert.title}`.replace(/[\r\n]+/g, " ").slice(0, 200),
    html: layout.html,
    text: layout.text,
    headers: {},
  };
}
