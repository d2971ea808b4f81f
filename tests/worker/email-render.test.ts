import { describe, expect, it } from "vitest";
import { renderContactNotification } from "../../worker/features/contact/notification";
import { pickEmailPetitions } from "../../worker/features/email/content";
import type { EmailAction, EmailEvent } from "../../worker/features/email/content-types";
import { escapeHtml, html, safeUrl } from "../../worker/features/email/templates/html";
import { manageLinks } from "../../worker/features/email/templates/layout";
import { renderWeeklyEmail } from "../../worker/features/email/templates/weekly";
import { renderWelcomeEmail } from "../../worker/features/email/templates/welcome";
import { outboxOfCampaign, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { config } from "./helpers";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

const site = {
  name: "Earthkind",
  url: "https://earthkind.test",
  postalAddress: "Earthkind, 1 Fern Way, Portland, OR 97201",
  timeZone: "America/Los_Angeles",
};
const action: EmailAction = {
  id: "a1",
  title: "Build a <b>bee</b> hotel",
  slug: "bee-hotel",
  summary: "Solitary bees & wasps need nests",
  timeRequired: "1 hour",
  steps: ["Cut reeds", "<img src=x onerror=alert(1)>"],
  materials: ["Reeds", ""],
  ctaLabel: "Do This Week's Action",
  startDate: "2030-03-04",
  endDate: "2030-03-10",
};
const links = manageLinks(site, "tok_en-123");
const event: EmailEvent = {
  id: "e1",
  title: "Creek <cleanup>",
  start_time: "2030-03-08T17:00:00Z",
  venue_name: "Johnson Creek",
  city: "Portland",
  state: "OR",
  registration_url: "javascript:alert(1)",
  distance_miles: 3.4,
};

describe("email templates", () => {
  it("escape every user-supplied value: a name like <script> arrives escaped", () => {
    const mail = renderWeeklyEmail({
      site,
      action,
      petitions: [{ title: 'Save the "owls"', url: "https://petitions.example/owls?a=1&b=2", orgName: "Owls & Co" }],
      events: [event],
      recipient: { firstName: "<script>alert('x')</script>", zipCode: "97201", links },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Hi &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;,");
    expect(mail.html).toContain("Build a &lt;b&gt;bee&lt;/b&gt; hotel");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("Save the &quot;owls&quot;");
    expect(mail.html).toContain("Owls &amp; Co");
    expect(mail.html).toContain("Creek &lt;cleanup&gt;");
    // A javascript: URL never becomes a link.
    expect(mail.html).not.toContain("javascript:");
    // The plain-text part carries the raw text (it is not HTML).
    expect(mail.text).toContain("Hi <script>alert('x')</script>,");
  });

  it("have HTML and text parts, a preheader, the site name, postal address, manage link and one-click headers", () => {
    const mail = renderWeeklyEmail({
      site,
      action,
      petitions: [],
      events: [],
      recipient: { firstName: "Ada", zipCode: null, links },
    });
    expect(mail.subject).toBe("This week's action: Build a <b>bee</b> hotel");
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toMatch(/<div style="display:none;[^"]*">Solitary bees &amp; wasps need nests/);
    expect(mail.html).toContain(">Earthkind</a>");
    expect(mail.html).toContain(site.postalAddress);
    expect(mail.text).toContain(site.postalAddress);
    expect(mail.html).toContain('href="https://earthkind.test/unsubscribe?token=tok_en-123"');
    expect(mail.text).toContain("https://earthkind.test/unsubscribe?token=tok_en-123");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://earthkind.test/api/subscription/one-click?token=tok_en-123>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The action: summary, time, numbered steps, materials (blank ones dropped), link with UTM tags.
    expect(mail.text).toContain("Time: 1 hour");
    expect(mail.text).toContain("1. Cut reeds");
    expect(mail.text).toContain("- Reeds");
    expect(mail.text).not.toMatch(/^- $/m);
    expect(mail.html).toContain(
      "https://earthkind.test/actions/bee-hotel?utm_source=email&amp;utm_medium=weekly_email&amp;utm_campaign=weekly_action_bee-hotel",
    );
    // No petitions or events given: no such sections.
    expect(mail.text).not.toContain("Quick wins");
    expect(mail.text).not.toContain("Events near");
  });

  it("list up to 3 petitions and, for a ZIP, up to 3 events", () => {
    const petitions = [1, 2, 3, 4].map((n) => ({
      title: `Petition ${n}`,
      url: `https://p.example/${n}`,
      orgName: null,
    }));
    const events = [1, 2, 3, 4].map((n) => ({
      ...event,
      id: `e${n}`,
      title: `Event ${n}`,
      registration_url: `https://e.example/${n}`,
    }));
    const mail = renderWeeklyEmail({
      site,
      action,
      petitions,
      events,
      recipient: { firstName: "Ada", zipCode: "97201", links },
    });
    expect(mail.text).toContain("Petition 3");
    expect(mail.text).not.toContain("Petition 4");
    expect(mail.text).toContain("Events near 97201:");
    // No zone of its own: the site's, named.
    expect(mail.text).toContain("Event 3 — Mar 8, 9:00 AM PST · Johnson Creek · Portland, OR (3 mi)");
    expect(mail.text).not.toContain("Event 4");
    expect(mail.html).toContain(
      "https://p.example/1?utm_source=email&amp;utm_medium=weekly_email&amp;utm_campaign=petitions_email",
    );
  });

  it("show each event at its own place's local time with the zone's abbreviation, all-day events on their date", () => {
    const events: EmailEvent[] = [
      // 9:00 in Denver (MDT) after the spring change; the site is in Los Angeles.
      { ...event, id: "d", title: "Denver hike", start_time: "2030-04-06T15:00:00Z", time_zone: "America/Denver" },
      { ...event, id: "p", title: "Phoenix walk", start_time: "2030-07-06T16:00:00Z", time_zone: "America/Phoenix" },
      // All day from New York midnight: 9 pm the day before in the site's zone, still Nov 9 here.
      {
        ...event,
        id: "n",
        title: "NYC fair",
        start_time: "2030-11-09T05:00:00Z",
        all_day: true,
        time_zone: "America/New_York",
      },
    ];
    const mail = renderWeeklyEmail({
      site,
      action,
      petitions: [],
      events,
      recipient: { firstName: "Ada", zipCode: "80202", links },
    });
    expect(mail.text).toContain("Denver hike — Apr 6, 9:00 AM MDT ·");
    expect(mail.text).toContain("Phoenix walk — Jul 6, 9:00 AM MST ·");
    expect(mail.text).toContain("NYC fair — Nov 9, All day ·");
    expect(mail.html).toContain("Apr 6, 9:00 AM MDT");
  });

  it("pick verified petitions with a title and an http(s) url, in order", () => {
    expect(
      pickEmailPetitions([
        { title: "Draft", url: "https://x.example", verified: false },
        { title: "", url: "https://x.example", verified: true },
        { title: "Bad url", url: "javascript:alert(1)", verified: true },
        { title: "One", url: "https://one.example", verified: true, org_name: "Org" },
        null,
        { title: "Two", url: "https://two.example", verified: true, organization: "Org 2" },
        { title: "Three", url: "https://three.example", verified: true },
        { title: "Four", url: "https://four.example", verified: true },
      ]),
    ).toEqual([
      { title: "One", url: "https://one.example/", orgName: "Org" },
      { title: "Two", url: "https://two.example/", orgName: "Org 2" },
      { title: "Three", url: "https://three.example/", orgName: null },
    ]);
    expect(pickEmailPetitions(null)).toEqual([]);
  });

  it("welcome and contact mail escape too; test sends without a subscriber have no one-click header", () => {
    const welcome = renderWelcomeEmail({
      site,
      subject: "Welcome\r\nBcc: x@y.z",
      previewText: "Preview <here>",
      action,
      recipient: { firstName: "<i>Ivy</i>", links: null },
    });
    expect(welcome.subject).toBe("Welcome Bcc: x@y.z");
    expect(welcome.html).toContain("Welcome, &lt;i&gt;Ivy&lt;/i&gt;!");
    expect(welcome.html).toContain("Preview &lt;here&gt;");
    expect(welcome.headers).toEqual({});
    expect(welcome.text).toContain("This is a test send.");

    const contact = renderContactNotification(site, {
      name: "<b>Mallory</b>",
      email: "m@example.com",
      message: "<a href='https://evil.example'>click</a>",
      createdAt: "2030-01-01T00:00:00Z",
    });
    expect(contact.html).not.toContain("<b>Mallory</b>");
    expect(contact.html).not.toContain("<a href='https://evil.example'>");
    expect(contact.html).toContain("&lt;b&gt;Mallory&lt;/b&gt;");
  });

  it("html tag and helpers", () => {
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
    expect(html`<p>${"<x>"}${html`<i>ok</i>`}${["a", "<b>"]}${null}${false}${3}</p>`.value).toBe(
      "<p>&lt;x&gt;<i>ok</i>a&lt;b&gt;3</p>",
    );
    expect(safeUrl("https://ok.example/a")).toBe("https://ok.example/a");
    expect(safeUrl("data:text/html,x")).toBeNull();
    expect(safeUrl("not a url")).toBeNull();
  });
});

describe("weekly email as sent", () => {
  it("carries the subscriber's escaped name, personal links and the injected events (ZIP only)", async () => {
    const act = await createAction();
    const withZip = await createSubscriber({ firstName: "<script>", zipCode: "97201" });
    const noZip = await createSubscriber({ firstName: "Ada" });
    const campaign = await createCampaign(act.id, [withZip.id, noZip.id]);
    const asked: string[] = [];
    const deps = testDeps({
      eventsNear: async (zip) => {
        asked.push(zip);
        return [{ ...event, registration_url: "https://events.example/creek" }];
      },
    });
    await runConsumer([weeklyJob(campaign.id, [withZip.id, noZip.id])], deps);
    const mails = await outboxOfCampaign(campaign.id);
    const toZip = mails.find((m) => m.to === withZip.email);
    const toOther = mails.find((m) => m.to === noZip.email);
    expect(asked).toEqual(["97201"]);
    expect(toZip?.html).toContain("Hi &lt;script&gt;,");
    expect(toZip?.html).not.toContain("<script>");
    expect(toZip?.text).toContain("Events near 97201:");
    expect(toZip?.html).toContain(`/events/${event.id}-creek-cleanup?utm_source=email`);
    expect(toOther?.text).not.toContain("Events near");
    const site = config().SITE_URL.replace(/\/$/, "");
    expect(toZip?.headers).toMatchObject({
      "List-Unsubscribe": `<${site}/api/subscription/one-click?token=${withZip.manageToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(toOther?.html).toContain(`${site}/unsubscribe?token=${noZip.manageToken}`);
  });
});
