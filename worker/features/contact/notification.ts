import { html } from "../email/templates/html";
import { type EmailSite, type RenderedEmail, renderLayout } from "../email/templates/layout";

/** The team's copy of a contact-form message; everything the visitor typed is escaped. */
export function renderContactNotification(
  site: EmailSite,
  msg: { name: string; email: string; message: string | null; createdAt: string },
): RenderedEmail {
  const body = html`
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:22px;">New message from the Join the Mission form</h1>
<p style="margin:0 0 4px;"><strong>Name:</strong> ${msg.name}</p>
<p style="margin:0 0 4px;"><strong>Email:</strong> ${msg.email}</p>
<p style="margin:0 0 12px;"><strong>Received:</strong> ${msg.createdAt}</p>
${msg.message ? html`<p style="margin:0;white-space:pre-wrap;">${msg.message}</p>` : html`<p style="margin:0;"><em>No message.</em></p>`}
<p style="margin:16px 0 0;">Reply to this email to answer ${msg.name} directly.</p>`;
  const text = [
    "New message from the Join the Mission form",
    `Name: ${msg.name}\nEmail: ${msg.email}\nReceived: ${msg.createdAt}`,
    msg.message ?? "(No message.)",
  ].join("\n\n");
  const layout = renderLayout({
    // For the site's operators, who read English.
    locale: "en",
    site,
    title: "New contact message",
    preheader: `${msg.name} wrote through the contact form`,
    body,
    bodyText: text,
    reason: `Sent to the ${site.name} team by the contact form on ${site.url}/about.`,
    links: null,
  });
  return {
    subject: `New contact message from ${msg.name}`.replace(/[\r\n]+/g, " ").slice(0, 200),
    html: layout.html,
    text: layout.text,
    headers: {},
  };
}
