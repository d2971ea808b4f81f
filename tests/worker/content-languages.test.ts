import { describe, expect, it } from "vitest";
import type { ActionInput } from "#contract/actions/schemas";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { quickSetupText } from "../../worker/features/actions/admin-service";
import { outboxOfCampaign, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, api, config } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

/**
 * Content in English and Spanish (issue 46 item 4, decision 272): the public reads answer the language asked for
 * when its text is whole, else English and say so; the admin writes both; each weekly email is in one language.
 */

const SPANISH = {
  titleEs: "Siembra flores nativas para las abejas",
  summaryEs: "Un rincón con flores nativas les da comida a los polinizadores todo el verano.",
  whyItMattersEs: "Las abejas nativas dependen de las plantas de su región.",
  stepsEs: ["Escoge un lugar con sol", "Siembra las semillas"],
  timeRequiredEs: "30 minutos",
  materialsEs: ["Semillas"],
};

const today = () => dayInZone(new Date(), config().SITE_TIMEZONE);
const getJson = async (path: string) => {
  const res = await api(path);
  return { status: res.status, body: (await res.json()) as Record<string, never> };
};

describe("public reads in the language asked for", () => {
  it("answers the Spanish text with language es when it is written, and English with language en otherwise", async () => {
    const spanish = await createAction({
      title: "Plant native flowers",
      startDate: today(),
      endDate: addDays(today(), 6),
      ...SPANISH,
    });
    const english = await createAction({ title: "English only, for now" });

    const current = await getJson("/api/actions/current?lang=es");
    expect(current.body.action).toMatchObject({
      id: spanish.id,
      title: SPANISH.titleEs,
      summary: SPANISH.summaryEs,
      steps: SPANISH.stepsEs,
      time_required: "30 minutos",
      cta_label: "Haz la acción de esta semana",
      language: "es",
    });
    // Without lang, and with lang=en, the English text as before.
    expect((await getJson("/api/actions/current")).body.action).toMatchObject({
      title: "Plant native flowers",
      language: "en",
    });
    expect((await getJson("/api/actions/current?lang=en")).body.action).toMatchObject({ language: "en" });

    const fallback = await getJson(`/api/actions/${english.slug}?lang=es`);
    expect(fallback.body.action).toMatchObject({ title: "English only, for now", language: "en" });
  });

  it("shows half-written Spanish as English, never a mix", async () => {
    const half = await createAction({ title: "Half translated", titleEs: "Medio traducida" });
    const { body } = await getJson(`/api/actions/${half.slug}?lang=es`);
    expect(body.action).toMatchObject({
      title: "Half translated",
      summary: "Plant something for the bees.",
      language: "en",
    });
  });

  it("refuses a language it does not have", async () => {
    expect((await api("/api/actions/current?lang=fr")).status).toBe(400);
    expect((await api("/api/tips/current?lang=fr")).status).toBe(400);
  });

  it("answers the archive in the language asked for", async () => {
    const past = await createAction({ startDate: "2001-01-07", endDate: "2001-01-13", ...SPANISH });
    const { body } = await getJson("/api/actions?lang=es");
    const found = (body.actions as unknown as { id: string; title: string; language: string }[]).find(
      (a) => a.id === past.id,
    );
    expect(found).toMatchObject({ title: SPANISH.titleEs, language: "es" });
  });
});

describe("the Spanish action page", () => {
  it("shows the Spanish text, or the English one marked lang=en while its Spanish is not written", async () => {
    const spanish = await createAction({ title: "Plant native flowers", ...SPANISH });
    const es = await (await api(`/es/actions/${spanish.slug}`)).text();
    expect(es).toMatch(new RegExp(`<h1 class="[^"]*">${SPANISH.titleEs}</h1>`));
    expect(es).toContain(SPANISH.stepsEs[0]);

    const english = await createAction({ title: "Count the birds" });
    const en = await (await api(`/es/actions/${english.slug}`)).text();
    expect(en).toMatch(/<h1 lang="en" class="[^"]*">Count the birds<\/h1>/);
    // On the English page nothing is marked: the content is in the page's language.
    expect(await (await api(`/actions/${english.slug}`)).text()).not.toContain('<h1 lang="en"');
  });
});

const actionInput = (overrides: Partial<ActionInput> = {}): ActionInput => ({
  title: "Build a bee hotel",
  slug: `bee-hotel-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
  summary: "Give solitary bees a safe place to nest.",
  steps: ["Bundle hollow stems"],
  ...overrides,
});

describe("the admin writes both languages", () => {
  it("saves the Spanish beside the English, and the list says which actions lack it", async () => {
    const headers = await adminHeaders();
    const actions = client.api.admin.actions;
    const es = {
      title: "Construye un hotel para abejas",
      summary: "Dales a las abejas solitarias un lugar seguro para anidar.",
      steps: ["Junta tallos huecos", "  "],
    };
    const { action } = await ok(actions.$post({ json: actionInput({ es }) }, { headers }), 201);
    expect(action.title).toBe("Build a bee hotel");
    expect(action.es).toMatchObject({ title: es.title, summary: es.summary, steps: ["Junta tallos huecos"] });
    expect(action.spanish).toBe("complete");

    const { action: read } = await ok(actions[":id"].$get({ param: { id: action.id } }, { headers }));
    expect(read.es.title).toBe(es.title);

    const { action: without } = await ok(
      actions.$post({ json: actionInput({ title: "No Spanish yet" }) }, { headers }),
      201,
    );
    expect(without.spanish).toBe("missing");
    const { actions: list } = await ok(actions.$get({ query: {} }, { headers }));
    expect(list.find((a) => a.id === without.id)?.spanish).toBe("missing");
    expect(list.find((a) => a.id === action.id)?.spanish).toBe("complete");

    // A Spanish title without the Spanish summary the English has: partial.
    const { action: partial } = await ok(
      actions[":id"].$put(
        { param: { id: without.id }, json: actionInput({ slug: without.slug, es: { title: "Aún no" } }) },
        { headers },
      ),
    );
    expect(partial.spanish).toBe("partial");
  });

  it("saves a tip's Spanish, both parts or neither, and reads it back in Spanish", async () => {
    const headers = await adminHeaders();
    const tips = client.api.admin.tips;
    const base = {
      title: `Shorter showers ${Date.now()}`,
      body: "Five minutes saves water.",
      url: null,
      topic: "water" as const,
    };
    const half = await errorOf(tips.$post({ json: { ...base, es: { title: "Duchas más cortas" } } }, { headers }));
    expect(half).toMatchObject({ message: "Write both the Spanish title and the Spanish text, or neither" });

    const es = { title: "Duchas más cortas", body: "Bañarte en cinco minutos ahorra agua." };
    const { tip } = await ok(tips.$post({ json: { ...base, es } }, { headers }), 201);
    expect(tip.es).toEqual(es);
    expect((await getJson("/api/tips/current?lang=es")).body.tip).toMatchObject({ ...es, language: "es" });
    expect((await getJson("/api/tips/current")).body.tip).toMatchObject({ title: base.title, language: "en" });
  });

  it("Quick Setup writes each week's template in both languages", () => {
    expect(quickSetupText("2031-06-08")).toEqual({
      title: "Weekly Action: Week of June 8, 2031",
      timeRequired: "30 minutes",
      titleEs: "Acción semanal: semana del 8 de junio de 2031",
      timeRequiredEs: "30 minutos",
    });
  });

  it("exports the current action's post in each language", async () => {
    const headers = await adminHeaders();
    const exportIn = (lang: "en" | "es") =>
      ok(client.api.admin["content-export"].$post({ query: { lang } }, { headers }));
    const es = await exportIn("es");
    expect(es.language).toBe("es");
    expect(es.content).toContain(`🌱 La acción de esta semana: ${SPANISH.titleEs}`);
    expect(es.content).toContain("Cómo hacerlo:\n1. Escoge un lugar con sol");
    expect(es.content).toContain("/es/actions/");
    expect(es.content).not.toContain("How to do it");
    const en = await exportIn("en");
    expect(en.language).toBe("en");
    expect(en.content).toContain("🌱 This Week's Action: Plant native flowers");
  });
});

describe("the weekly email never mixes languages", () => {
  async function sendTo(action: { id: string }) {
    const english = await createSubscriber({ firstName: "Ada" });
    const spanish = await createSubscriber({ firstName: "Lucía", locale: "es" });
    const campaign = await createCampaign(action.id, [english.id, spanish.id]);
    await runConsumer([weeklyJob(campaign.id, [english.id, spanish.id])], testDeps());
    const outbox = await outboxOfCampaign(campaign.id);
    const to = (email: string) => {
      const mail = outbox.find((m) => m.to === email);
      if (!mail) throw new Error(`no email to ${email}`);
      return mail;
    };
    return { en: to(english.email), es: to(spanish.email) };
  }

  it("sends each subscriber their language: the Spanish action to a Spanish subscriber", async () => {
    const action = await createAction({ title: "Plant native flowers", ...SPANISH });
    const { en, es } = await sendTo(action);

    expect(en.subject).toBe("This week's action: Plant native flowers");
    expect(en.html).toContain('<html lang="en-US">');
    expect(en.text).toContain("Hi Ada,");
    expect(en.text).not.toContain(SPANISH.titleEs);

    expect(es.subject).toBe(`Tu acción de esta semana: ${SPANISH.titleEs}`);
    expect(es.html).toContain('<html lang="es-US">');
    expect(es.text).toContain("Hola, Lucía:");
    expect(es.text).toContain("Cómo hacerlo:\n1. Escoge un lugar con sol");
    expect(es.text).toContain("Haz la acción de esta semana: ");
    expect(es.text).toContain("/es/actions/");
    expect(es.text).toContain("Administra tu suscripción o date de baja");
    expect(es.text).not.toContain("solo está en inglés");
    expect(es.text).not.toContain("Plant native flowers");
    expect(es.html).not.toContain('lang="en"');
    // Every page it links to is the Spanish one: the action, "I did it", manage and unsubscribe (List-Unsubscribe).
    const site = new URL(config().SITE_URL).origin;
    const pages = [
      ...es.text.matchAll(/https?:\/\/\S+/g),
      ...(es.headers?.["List-Unsubscribe"] ?? "").matchAll(/<([^>]+)>/g),
    ]
      .map((m) => new URL(m[1] ?? m[0]))
      .filter((u) => u.origin === site && !u.pathname.startsWith("/api/"));
    expect(pages.map((u) => u.pathname)).toEqual(expect.arrayContaining(["/es/did-it", "/es/unsubscribe"]));
    expect(pages.filter((u) => !u.pathname.startsWith("/es/")).map((u) => u.pathname)).toEqual([]);
  });

  it("sends the English action to a Spanish subscriber, under a note in Spanish, while its Spanish is not written", async () => {
    const action = await createAction({ title: "Count the birds", ctaLabel: "Start counting" });
    const { en, es } = await sendTo(action);

    expect(en.subject).toBe("This week's action: Count the birds");
    expect(en.text).not.toContain("inglés");

    expect(es.subject).toBe("Tu acción de esta semana: Count the birds");
    expect(es.text).toContain("Por ahora, la acción de esta semana solo está en inglés.");
    // The action's text is English and marked so; the email's own words stay Spanish (the button too).
    expect(es.html).toContain('<h1 lang="en"');
    expect(es.html).toContain("Count the birds");
    expect(es.text).toContain("Haz la acción de esta semana: ");
    expect(es.text).not.toContain("Start counting");
    expect(es.text).toContain("Cómo hacerlo:");
    expect(es.text).not.toContain("How to do it");
  });
});
