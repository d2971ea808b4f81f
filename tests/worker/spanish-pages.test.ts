import { beforeAll, describe, expect, it } from "vitest";
import { actionPagePath } from "#contract/pages/linked-paths";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { api, config } from "./helpers";
import { createAction } from "./support/factories";

/**
 * The site's own words in Spanish (issue 46): the chrome, /actions and /how-it-works rendered under /es/, with the
 * archive's dates written for es-US; the English pages keep their text.
 */
const daysFromToday = (days: number) => addDays(dayInZone(new Date(), config().SITE_TIMEZONE), days);

let slug = "";

beforeAll(async () => {
  await createAction({ startDate: daysFromToday(-1), endDate: daysFromToday(5), status: "published" });
  const past = await createAction({ startDate: "2025-03-02", endDate: "2025-03-08", status: "published" });
  slug = past.slug;
});

const page = async (path: string) => {
  const res = await api(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("the Spanish pages", () => {
  it("/es/actions speaks Spanish, with the archive's dates in es-US", async () => {
    const html = await page("/es/actions");
    expect(html).toContain("<title>Acciones semanales · Earthkind</title>");
    expect(html).toContain(">Acciones semanales</h1>");
    expect(html).toContain("La acción de esta semana");
    expect(html).toContain(">Acciones anteriores</h2>");
    expect(html).toContain("Recibe la acción de cada semana en tu correo");
    expect(html).toContain("2 de marzo – 8 de marzo de 2025");
    expect(html).not.toContain("March 2 – March 8, 2025");
  });

  it("/es/how-it-works speaks Spanish, and so do the header, the menu button and the footer", async () => {
    const html = await page("/es/how-it-works");
    expect(html).toContain(">Cómo funciona</h1>");
    expect(html).toContain("Qué trae cada acción semanal");
    expect(html).toContain("Más allá del correo");
    expect(html).toContain(">Suscríbete</h3>");
    expect(html).toContain("Ir al contenido");
    expect(html).toContain('aria-label="Principal"');
    expect(html).toContain("Abrir menú");
    expect(html).toContain("Política de privacidad");
    expect(html).toContain("¿Te pesa todo esto? Encuentra apoyo");
    // Links in the page's language keep the reader on the Spanish site.
    expect(html).toContain('href="/es/actions"');
  });

  it("an action's page has Spanish headings and an es-US date", async () => {
    const html = await page(`/es${actionPagePath(slug)}`);
    expect(html).toContain(">Por qué importa</h2>");
    expect(html).toContain(">Cómo hacerla</h2>");
    expect(html).toContain("2 de marzo – 8 de marzo de 2025");
    expect(html).toContain("Volver a las acciones semanales");
  });

  it("the support page names 988's Spanish option and keeps the numbers", async () => {
    const html = await page("/es/support");
    expect(html).toContain("presiona 2 para español");
    expect(html).toContain('href="tel:988"');
    expect(html).toContain('href="sms:741741?&amp;body=HOLA"');
  });

  it("the English pages keep their words and dates", async () => {
    const actions = await page("/actions");
    expect(actions).toContain(">Past Actions</h2>");
    expect(actions).toContain("March 2 – March 8, 2025");
    const support = await page("/support");
    expect(support).toContain('href="sms:741741?&amp;body=HOME"');
  });
});
