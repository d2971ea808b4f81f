import { env } from "cloudflare:workers";
import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { eq } from "drizzle-orm";
import { parseDocument } from "htmlparser2";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eventPath } from "#contract/events/event-path";
import { localizePath } from "#contract/i18n/locales";
import { eventReminderMails, eventReminders, zipCodes } from "../../db/schema";
import { siteFromConfig } from "../../worker/features/email/content";
import { renderReminderEmail } from "../../worker/features/event-reminders/emails";
import { purgePageCache } from "../../worker/features/pages/page-cache";
import { translatorFor } from "../../worker/platform/i18n";
import { outboxTo, runConsumer, testDeps } from "./email-fixtures";
import { api, config, db } from "./helpers";
import { createEvent, uniqueEmail } from "./support/factories";

/**
 * Events in Spanish (issue 46 items 1, 2 and 5; decision 273): the search, its filters and its dates in Spanish, the
 * events themselves in English (their source's language) marked `lang="en"` and labelled "En inglés", the API's
 * refusals in the caller's language, and reminders whose emails go in the language they were asked in.
 */

const ZONE = "America/Los_Angeles";
const ZIP = { zip: "97299", lat: 45.5, lon: -122.6, city: "Portland", state: "OR", timeZone: ZONE };
const SPANISH = { "Accept-Language": "es-US" };

beforeAll(async () => {
  await db().insert(zipCodes).values(ZIP).onConflictDoNothing();
});
beforeEach(() => purgePageCache(env.KV));
vi.setConfig({ testTimeout: 30_000 });

const page = async (path: string) => {
  const res = await api(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

/** The page's own content (its <main>), without what is marked English. */
function mainTexts(html: string): string[] {
  const texts: string[] = [];
  const walk = (nodes: ChildNode[], inMain: boolean) => {
    for (const node of nodes) {
      if (isText(node) && inMain) {
        const clean = node.data.replace(/\s+/g, " ").trim();
        if (/\p{L}{2}/u.test(clean)) texts.push(clean);
      } else if (isTag(node)) {
        const el = node as Element;
        if (["script", "style", "svg"].includes(el.name) || el.attribs.lang?.startsWith("en")) continue;
        const here = inMain || el.name === "main";
        if (here)
          for (const name of ["alt", "aria-label", "placeholder", "title"])
            if (el.attribs[name] && /\p{L}{2}/u.test(el.attribs[name])) texts.push(el.attribs[name]);
        walk(el.children, here);
      }
    }
  };
  walk(parseDocument(html).children, false);
  return texts.filter((t) => t !== "https://");
}

/** Text on the Spanish page's <main> that is the same on the English one: a string that missed the catalogue. */
async function englishLeft(path: string): Promise<string[]> {
  const english = new Set(mainTexts(await page(path)));
  return mainTexts(await page(localizePath(path, "es"))).filter((t) => english.has(t));
}

describe("the events search in Spanish", () => {
  it("keeps its query at /es/events, with Spanish labels, es-US dates and the event in English, labelled", async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(17, 0, 0, 0);
    const title = `Limpieza test ${crypto.randomUUID().slice(0, 6)} riverbank cleanup`;
    await createEvent({ title, startAtUtc: start.toISOString(), lat: 45.51, lon: -122.61, timeZone: ZONE });
    const html = await page(`/es/events?zip=${ZIP.zip}&when=month`);
    expect(html).toContain('<html lang="es-US"');
    expect(html).toContain(`value="${ZIP.zip}"`);
    for (const label of ["Código postal", "Distancia", "Cuándo", "Categoría", "Incluir eventos en línea", "Este mes"])
      expect(html).toContain(label);
    expect(html).toMatch(/Mostrando \d+ de \d+ eventos?/);
    expect(html).toContain("25 millas");
    const day = new Intl.DateTimeFormat("es-US", { month: "short", day: "numeric", timeZone: ZONE }).format(start);
    const time = new Intl.DateTimeFormat("es-US", { hour: "numeric", minute: "2-digit", timeZone: ZONE })
      .format(start)
      .replace(/\s/g, " ");
    expect(html).toContain(`${day}, ${time}`);
    expect(html).toContain(`<span lang="en">${title}</span>`);
    expect(html).toContain("En inglés");
    // The event links stay in Spanish; the English page has none of this.
    expect(html).toMatch(/href="\/es\/events\/[^"]+"/);
    const english = await page(`/events?zip=${ZIP.zip}&when=month`);
    expect(english).not.toContain("En inglés");
    expect(english).not.toContain('lang="en"');
  });

  it("answers a malformed or unknown ZIP in the caller's language", async () => {
    const bad = await api("/api/events?zip=12", { headers: SPANISH });
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "El código postal debe tener 5 dígitos o ser ZIP+4 (12345-6789)",
    );
    const unknown = await api("/api/events?zip=00001", { headers: SPANISH });
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      "No encontramos el código postal 00001. Revísalo e inténtalo de nuevo.",
    );
    const inEnglish = await api("/api/events?zip=00001");
    expect(((await inEnglish.json()) as { error: { message: string } }).error.message).toBe(
      "We couldn't find ZIP code 00001. Please check it and try again.",
    );
  });

  it("shows no English of its own in the page's content (the header and footer are the layout's)", async () => {
    expect(await englishLeft("/events")).toEqual([]);
    expect(await englishLeft(`/events?zip=${ZIP.zip}`)).toEqual([]);
    expect(await englishLeft("/submit-event")).toEqual([]);
  });
});

describe("an event's page in Spanish", () => {
  it("keeps the event's own words in English, marked lang=en, with the 'En inglés' label", async () => {
    const event = await createEvent({
      title: "Saturday marsh restoration",
      description: "Bring boots and water.",
      venueName: "Smith Lake",
      startAtUtc: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      timeZone: ZONE,
    });
    const path = localizePath(eventPath(event), "es");
    expect(path.startsWith("/es/events/")).toBe(true);
    const html = await page(path);
    expect(html).toMatch(/<h1[^>]*lang="en"[^>]*>Saturday marsh restoration<\/h1>/);
    expect(html).toMatch(/<p lang="en"[^>]*>Bring boots and water\.<\/p>/);
    expect(html).toContain('<span lang="en">Smith Lake');
    expect(html).toContain("En inglés");
    for (const label of ["Cuándo", "Dónde", "Sobre este evento", "Agrégalo a tu calendario", "Recuérdamelo"])
      expect(html).toContain(label);
    expect(await englishLeft(eventPath(event))).toEqual([]);
  });
});

describe("the submission API in the caller's language", () => {
  const submission = {
    title: "",
    description: "",
    category: "cleanup",
    start_time: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    end_time: "",
    address: "",
    city: "Portland",
    state: "OR",
    postal_code: "",
    organizer_name: "River Friends",
    organizer_email: "hello@example.org",
    organizer_url: "",
    registration_url: "https://example.org/r",
    image_url: "",
    notes_for_moderator: "",
  };
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    api("/api/event-submissions", {
      method: "POST",
      json: body,
      headers: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 1}`, ...headers },
    });
  const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

  it("refuses in Spanish with Accept-Language: es-US, in the spec's English without it", async () => {
    const spanish = await send(submission, SPANISH);
    expect(spanish.status).toBe(400);
    expect(await message(spanish)).toBe("Completa el campo “nombre del evento”");
    expect(await message(await send(submission))).toBe("Please fill in the title field");
    const badEmail = { ...submission, title: "Cleanup", organizer_email: "nope" };
    expect(await message(await send(badEmail, SPANISH))).toBe("Escribe un correo electrónico válido");
    expect(await message(await send(badEmail))).toBe("Please enter a valid email address");
  });
});

describe("a reminder asked for from a Spanish page", () => {
  it("is stored in Spanish, answered in Spanish, and its confirmation email is in Spanish with /es/ links", async () => {
    const event = await createEvent({
      startAtUtc: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      timeZone: ZONE,
    });
    const email = uniqueEmail("recordatorio");
    const res = await api("/api/event-reminders", {
      method: "POST",
      json: { event_id: event.id, email },
      headers: SPANISH,
    });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Ya casi: presiona el botón del correo/);
    const [row] = await db().select().from(eventReminders).where(eq(eventReminders.email, email));
    expect(row?.locale).toBe("es");

    const mails = await db()
      .select({ id: eventReminderMails.id })
      .from(eventReminderMails)
      .where(eq(eventReminderMails.reminderId, row?.id ?? ""));
    await runConsumer(
      mails.map((m) => ({ type: "event-reminder", mailId: m.id })),
      testDeps(),
    );
    const [mail] = await outboxTo(email);
    expect(mail?.subject).toBe(`Confirma tu recordatorio para ${event.title}`);
    expect(mail?.text).toContain("Abre este enlace para activar el recordatorio:");
    expect(mail?.text).toMatch(/\/es\/reminder\?token=[A-Za-z0-9_-]+/);
    expect(mail?.html).toContain("Activar mi recordatorio");
    const token = /\/es\/reminder\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];

    // The link's page reads its reminder in Spanish too.
    const view = await api(`/api/event-reminders?token=${token}`, { headers: SPANISH });
    expect(((await view.json()) as { message: string }).message).toMatch(/^Ya casi/);
  });

  it("refuses in Spanish, and keeps English for a request without the page's language", async () => {
    const bad = await api("/api/event-reminders", {
      method: "POST",
      json: { event_id: "x", email: "nope" },
      headers: SPANISH,
    });
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Escribe un correo electrónico válido.",
    );
    const event = await createEvent({ startAtUtc: new Date(Date.now() + 10 * 86_400_000).toISOString() });
    const email = uniqueEmail("reminder-en");
    await api("/api/event-reminders", { method: "POST", json: { event_id: event.id, email } });
    const [row] = await db().select().from(eventReminders).where(eq(eventReminders.email, email));
    expect(row?.locale).toBe("en");
  });

  it("writes the reminder itself in Spanish, its dates in es-US and its links to the Spanish pages", async () => {
    const start = new Date(Date.now() + 86_400_000);
    const event = await createEvent({ startAtUtc: start.toISOString(), timeZone: ZONE });
    const mail = renderReminderEmail(siteFromConfig(config()), event, ZONE, "tok_en-1234567890abcdefghij", true, {
      locale: "es",
      t: translatorFor("es"),
    });
    expect(mail.subject).toBe(`Mañana: ${event.title}`);
    expect(mail.text).toContain("Un recordatorio: este evento es mañana.");
    const weekday = new Intl.DateTimeFormat("es-US", { weekday: "long", timeZone: ZONE }).format(start);
    expect(mail.text).toContain(`Cuándo: ${weekday}`);
    expect(mail.text).toContain(`Detalles del evento: ${siteFromConfig(config()).url}/es/events/`);
    expect(mail.text).toContain("/es/reminder?token=tok_en-1234567890abcdefghij");
    expect(mail.text).not.toContain("Add to Google Calendar");
  });
});
