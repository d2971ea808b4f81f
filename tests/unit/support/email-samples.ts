/**
 * The four emails people get most (weekly, signup confirmation, sign-in link, welcome) and the event reminder,
 * rendered with realistic content in a reader's language, and a MIME message of each as a provider would send it:
 * what `tests/unit/email-clients.test.ts` checks against caniemail's data, `tests/unit/email-languages.test.ts`
 * compares across languages and `npm run bench -- email-spam` scores with SpamAssassin (decision 227).
 */
import { type Locale, localizePath } from "#contract/i18n/locales";
import { magicLinkEmail, magicLinkUrl } from "../../../worker/features/auth/magic-link-email";
import { renderConfirmSignupEmail } from "../../../worker/features/email/templates/confirm-signup";
import { manageLinks } from "../../../worker/features/email/templates/layout";
import { renderWeeklyEmail } from "../../../worker/features/email/templates/weekly";
import { renderWelcomeEmail } from "../../../worker/features/email/templates/welcome";
import { renderReminderEmail } from "../../../worker/features/event-reminders/emails";
import { translatorFor } from "../../../worker/platform/i18n";

export type EmailSample = {
  name: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

const site = {
  name: "Earthkind",
  url: "https://earthkind.example",
  postalAddress: "Earthkind, 1 Fern Way, Portland, OR 97201",
  timeZone: "America/Los_Angeles",
};
const TOKEN = "Qm9va3MtYW5kLWJlZXMtYW5kLWJpcmRzLWFuZC10cmVlcw";
const ENGLISH_ACTION = {
  id: "a1",
  title: "Build a bee hotel for solitary bees",
  slug: "build-a-bee-hotel",
  summary:
    "Solitary bees pollinate much of what grows near you. A simple bundle of hollow stems gives them a place to nest.",
  timeRequired: "45 minutes",
  steps: ["Cut hollow stems to 15 cm", "Bundle them tightly with string", "Hang the bundle facing south-east"],
  materials: ["Hollow plant stems or bamboo", "String", "A sheltered spot"],
  ctaLabel: "Do This Week's Action",
  startDate: "2026-12-06",
  endDate: "2026-12-12",
};
/** The action as a Spanish subscriber gets it when it has its Spanish text (decision 272). */
const SPANISH_ACTION = {
  ...ENGLISH_ACTION,
  title: "Construye un hotel para abejas solitarias",
  summary:
    "Las abejas solitarias polinizan buena parte de lo que crece cerca de ti. Un manojo de tallos huecos les da dónde anidar.",
  timeRequired: "45 minutos",
  steps: ["Corta tallos huecos de 15 cm", "Átalos bien con un cordel", "Cuélgalos mirando al sureste"],
  materials: ["Tallos huecos o bambú", "Cordel", "Un rincón resguardado"],
  ctaLabel: "Haz la acción de esta semana",
};
const TIPS = {
  en: { title: "Wash on cold", body: "Most of a washing machine's energy goes into heating water.", url: null },
  es: {
    title: "Lava con agua fría",
    body: "Casi toda la energía de la lavadora se va en calentar el agua.",
    url: null,
  },
};

/**
 * What the samples show as written, in no site language: names, addresses and what a source or petition host wrote
 * (events and petitions stay in their source's language, decision 273).
 */
export const SAMPLE_CONTENT = [
  "Earthkind",
  "Earthkind, 1 Fern Way, Portland, OR 97201",
  "Protect the Tongass old-growth forest",
  "Forest Friends",
  "Johnson Creek cleanup",
  "Tideman Johnson Park",
  "Portland, OR",
  "SE 37th Ave & Johnson Creek Blvd",
  "Bring gloves and water; we provide bags and grabbers.",
  "Leave the leaves",
  "ada@example.org",
];

export function emailSamples(locale: Locale = "en"): EmailSample[] {
  const t = translatorFor(locale);
  const links = manageLinks(site, TOKEN, locale);
  const action = locale === "en" ? ENGLISH_ACTION : SPANISH_ACTION;
  const weekly = renderWeeklyEmail({
    locale,
    site,
    action,
    petitions: [
      {
        title: "Protect the Tongass old-growth forest",
        url: "https://petitions.example/tongass",
        orgName: "Forest Friends",
      },
    ],
    events: [
      {
        id: "e1",
        title: "Johnson Creek cleanup",
        start_time: "2026-12-12T17:00:00Z",
        time_zone: "America/Los_Angeles",
        venue_name: "Tideman Johnson Park",
        city: "Portland",
        state: "OR",
        registration_url: "https://events.example/creek",
        distance_miles: 3.4,
      },
    ],
    lastWeek: { title: "Leave the leaves", slug: "leave-the-leaves", completedCount: 214, notes: [] },
    tip: TIPS[locale],
    recipient: {
      firstName: "Ada",
      zipCode: "97201",
      links,
      didItUrl: `${site.url}${localizePath("/did-it", locale)}?token=${TOKEN}`,
    },
  });
  const confirmation = renderConfirmSignupEmail({
    locale,
    site,
    firstName: "Ada",
    confirmUrl: `${site.url}${localizePath("/subscribe/confirm", locale)}?token=${TOKEN}`,
    links,
  });
  const magic = magicLinkEmail({
    locale,
    to: "ada@example.org",
    link: magicLinkUrl(site.url, TOKEN, locale),
    site,
    ttlMinutes: 10,
  });
  const welcome = renderWelcomeEmail({
    locale,
    site,
    subject: t("email.welcome.subject", { site: site.name }),
    previewText: t("email.welcome.preheader"),
    action,
    recipient: { firstName: "Ada", links },
  });
  // The event reminder the day before (decision 253), for an event with every field a feed gives.
  const reminder = renderReminderEmail(
    site,
    {
      id: "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
      sourceKey: "test",
      externalId: "creek-1",
      title: "Johnson Creek cleanup",
      description: "Bring gloves and water; we provide bags and grabbers.",
      venueName: "Tideman Johnson Park",
      address: "SE 37th Ave & Johnson Creek Blvd",
      priceCents: 0,
      category: "cleanup",
      city: "Portland",
      state: "OR",
      postalCode: "97202",
      lat: 45.4629,
      lon: -122.6262,
      startAtUtc: "2026-12-12T17:00:00.000Z",
      endAtUtc: "2026-12-12T19:00:00.000Z",
      allDay: false,
      endTimeUnknown: false,
      timeZone: "America/Los_Angeles",
      registrationUrl: "https://events.example/creek",
      organizerName: null,
      imageUrl: null,
      imageSourceUrl: null,
      imageCheckedUrl: null,
      isVirtual: false,
      status: "approved",
      mergedInto: null,
      lastConfirmedAt: null,
      cancelledBy: null,
      contentHash: null,
      createdAt: "2026-12-01T00:00:00.000Z",
      updatedAt: "2026-12-01T00:00:00.000Z",
    },
    "America/Los_Angeles",
    TOKEN,
    true,
    { locale, t },
  );
  return [
    { name: "weekly", ...weekly },
    { name: "event reminder", ...reminder },
    { name: "confirmation", ...confirmation },
    { name: "magic link", subject: magic.subject, html: magic.html, text: magic.text, headers: magic.headers ?? {} },
    { name: "welcome", ...welcome },
  ];
}

/** RFC 2045 quoted-printable, lines of at most 76 characters, CRLF line ends. */
function quotedPrintable(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/g, "\n"));
  const lines: string[] = [];
  let line = "";
  const push = (chunk: string) => {
    if (line.length + chunk.length > 75) {
      lines.push(`${line}=`);
      line = "";
    }
    line += chunk;
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 0x0a) {
      // A space or tab before a line end is encoded, or a mail server may strip it.
      if (/[ \t]$/.test(line))
        line = `${line.slice(0, -1)}=${line
          .charCodeAt(line.length - 1)
          .toString(16)
          .toUpperCase()
          .padStart(2, "0")}`;
      lines.push(line);
      line = "";
    } else if ((b >= 33 && b <= 126 && b !== 61) || b === 32 || b === 9) push(String.fromCharCode(b));
    else push(`=${b.toString(16).toUpperCase().padStart(2, "0")}`);
  }
  lines.push(line);
  return lines.join("\r\n");
}

const encodedWord = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;

/** The message as an HTTP provider would hand it to the receiving server: multipart/alternative, text then HTML. */
export function toMime(sample: EmailSample, at = new Date("2026-12-07T17:00:00Z")): string {
  const boundary = "=_earthkind_alt_0123456789";
  const headers = [
    `Return-Path: <bounces@earthkind.example>`,
    `From: Earthkind <hello@earthkind.example>`,
    `To: Ada <ada@example.org>`,
    `Reply-To: team@earthkind.example`,
    `Subject: ${encodedWord(sample.subject)}`,
    `Date: ${at.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${sample.name.replace(/\W/g, "-")}.20261207170000@earthkind.example>`,
    "MIME-Version: 1.0",
    ...Object.entries(sample.headers).map(([k, v]) => `${k}: ${v}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      "Content-Transfer-Encoding: quoted-printable",
      "",
      quotedPrintable(body),
    ].join("\r\n");
  return [
    headers.join("\r\n"),
    "",
    part("text/plain", sample.text),
    part("text/html", sample.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
