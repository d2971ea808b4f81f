import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import { expect, it } from "vitest";
import { localizePath } from "#contract/i18n/locales";
import { signDidItToken } from "../../worker/features/did-it/token";
import { createReconfirmation } from "../../worker/features/subscribers/reconfirm";
import { latestOutboxMessage } from "./auth-support";
import { api, config, db } from "./helpers";
import { createAction, createBilingualAction, createCampaign, createSubscriber } from "./support/factories";

/**
 * The pages a subscriber opens from their emails, in Spanish (issue 46): the manage page, the confirmation page and
 * "I did it" show none of the English page's text, except the person's own data (their name, masked address, the
 * week's action) and, on "I did it", the note fields the completion dialog shares (web/features/completions, not
 * translated by this part of the work). tests/worker/untranslated-text.test.ts does the same for pages without a token.
 */
const DATA_AND_SHARED = new Set([
  "Robin",
  "Earthkind",
  "Build a bee hotel this week",
  "Notes (optional)",
  "Share my note anonymously",
  "Your note may appear, without your name, in next week's email to subscribers.",
]);

function texts(html: string): string[] {
  const out: string[] = [];
  const add = (text: string | undefined) => {
    const clean = text?.replace(/\s+/g, " ").trim();
    if (clean && /\p{L}{2}/u.test(clean) && !DATA_AND_SHARED.has(clean) && !clean.includes("***@")) out.push(clean);
  };
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) add(node.data);
      else if (isTag(node)) {
        const el = node as Element;
        if (["script", "style", "template", "noscript", "svg"].includes(el.name)) continue;
        // Text marked English on the Spanish page (the language switch's "Read in English", "English").
        if (el.attribs.lang?.toLowerCase().startsWith("en")) continue;
        for (const name of ["alt", "aria-label", "placeholder", "title"]) add(el.attribs[name]);
        walk(el.children);
      }
    }
  };
  walk(parseDocument(html).children);
  return out;
}

async function page(path: string, status: number) {
  const res = await api(path);
  expect(res.status, path).toBe(status);
  return res.text();
}

async function englishLeft(path: string, status = 200) {
  const english = new Set(texts(await page(path, status)));
  const spanishHtml = await page(localizePath(path, "es"), status);
  expect(spanishHtml).toMatch(/<html lang="es-US"/);
  return { left: [...new Set(texts(spanishHtml).filter((t) => english.has(t)))], html: spanishHtml };
}

it("the manage page in Spanish shows no English, and offers the email language", async () => {
  const sub = await createSubscriber({ firstName: "Robin" });
  const { left, html } = await englishLeft(`/unsubscribe?token=${sub.manageToken}`);
  expect(left).toEqual([]);
  expect(html).toContain("Administra tu suscripción");
  expect(html).toContain("Idioma de los correos");
});

it("the confirmation page in Spanish shows no English", async () => {
  const sub = await createSubscriber({ firstName: "Robin", active: false, confirmedAt: null });
  const token = await createReconfirmation(
    db(),
    sub,
    { firstName: "Robin", zipCode: null, timeZone: "America/Chicago" },
    new Date(),
    { gapMs: 0 },
  );
  const { left, html } = await englishLeft(`/subscribe/confirm?token=${token}`);
  expect(left).toEqual([]);
  expect(html).toContain("Confirmar mi suscripción");
});

it("the confirmation page's refusal in Spanish is the Spanish message, read by the Worker in the page's language", async () => {
  const { left, html } = await englishLeft("/subscribe/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 404);
  expect(left).toEqual([]);
  expect(html).toContain("Este enlace de confirmación no es válido o ya venció.");
});

it('"I did it" in Spanish shows no English of its own, and its form posts to the Spanish page', async () => {
  const action = await createAction({ title: "Build a bee hotel this week" });
  const sub = await createSubscriber({ firstName: "Robin" });
  const campaign = await createCampaign(action.id, [sub.id]);
  const token = await signDidItToken(config(), { subscriberId: sub.id, actionId: action.id, campaignId: campaign.id });
  const { left, html } = await englishLeft(`/did-it?token=${token}`);
  expect(left).toEqual([]);
  expect(html).toContain('action="/es/did-it"');
  expect(html).toContain("Registrarla");

  const post = (fields: Record<string, string>) =>
    api("/es/did-it", { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  const long = await post({ token, notes: "x".repeat(2001) });
  expect(long.status).toBe(400);
  const refused = await long.text();
  expect(refused).toMatch(/<html lang="es-US"/);
  expect(refused).toContain("Las notas deben tener 2000 caracteres o menos");
  const recorded = await post({ token, notes: "" });
  expect(recorded.status).toBe(303);
  expect(recorded.headers.get("Location")).toBe(`/es/did-it?token=${token}`);
});

it('"I did it" names the action in Spanish when its Spanish is written, else in English marked as English', async () => {
  const sub = await createSubscriber({ firstName: "Robin", locale: "es" });
  const page = async (action: { id: string }) => {
    const campaign = await createCampaign(action.id, [sub.id]);
    const token = await signDidItToken(config(), {
      subscriberId: sub.id,
      actionId: action.id,
      campaignId: campaign.id,
    });
    const res = await api(`/es/did-it?token=${token}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const bilingual = await createBilingualAction();
  const spanish = await page(bilingual);
  expect(spanish).toMatch(/<a [^>]*>Deja las hojas<\/a>/);
  expect(spanish).not.toContain("Leave the leaves");

  const englishOnly = await page(await createAction({ title: "Count the birds" }));
  expect(englishOnly).toMatch(/<a [^>]*\blang="en"[^>]*>Count the birds<\/a>/);
});

it('a Spanish subscriber\'s "I did it" makes a Spanish account: the progress sign-in link comes in Spanish', async () => {
  const sub = await createSubscriber({ firstName: "Robin", locale: "es" });
  const action = await createAction({ title: "Count the birds" });
  const campaign = await createCampaign(action.id, [sub.id]);
  const token = await signDidItToken(config(), { subscriberId: sub.id, actionId: action.id, campaignId: campaign.id });
  const post = (path: string) =>
    api(path, { method: "POST", body: new URLSearchParams({ token, notes: "" }), redirect: "manual" });
  expect((await post("/es/did-it")).status).toBe(303);
  expect((await post("/es/did-it/progress-link")).status).toBe(303);
  const mail = await latestOutboxMessage(sub.email);
  expect(mail?.subject).toBe("Tu enlace para iniciar sesión en Earthkind");
  expect(mail?.text).toContain("/es/auth/verify?token=");
});
