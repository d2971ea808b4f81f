import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { subscribers } from "../../db/schema";
import { renderResubscribeInvite } from "../../worker/features/subscribers/resubscribe-invite";
import { outboxTo, runConsumer, testDeps } from "./email-fixtures";
import { api, config, db } from "./helpers";
import { client } from "./support/client";
import { createSubscriber, uniqueEmail } from "./support/factories";

/**
 * A subscriber's language (issue 46): chosen at signup (the page's by default), stored, changed on the manage page,
 * and every email to them in it: subject, preheader, body, `<html lang>` and the links to the Spanish pages.
 */
const site = () => config().SITE_URL.replace(/\/$/, "");
const SPANISH_PAGE = { "Accept-Language": "es-US" };
const signup = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api("/api/subscribers", { method: "POST", json, headers });
const storedLocale = async (email: string) =>
  (await db().select().from(subscribers).where(eq(subscribers.email, email)))[0]?.locale;

async function firstMailTo(address: string) {
  return vi.waitFor(
    async () => {
      const [mail] = await outboxTo(address);
      expect(mail).toBeDefined();
      return mail as NonNullable<typeof mail>;
    },
    { timeout: 25_000, interval: 250 },
  );
}

describe("a subscriber's language", () => {
  it("a signup from a Spanish page is stored as Spanish and asks to confirm in Spanish, with Spanish links", async () => {
    const address = uniqueEmail("lang-es");
    const res = await signup({ first_name: "Luz", email: address, zip_code: "97201" }, SPANISH_PAGE);
    expect(res.status).toBe(201);
    expect(await storedLocale(address)).toBe("es");

    const mail = await firstMailTo(address);
    expect(mail.subject).toBe("Confirma tu suscripción a Earthkind");
    expect(mail.html).toContain('<html lang="es-US">');
    expect(mail.html).toContain("¡Hola, Luz!");
    expect(mail.html).toContain("Confirma con un clic y tu primera acción semanal llegará el lunes.");
    expect(mail.html).toMatch(new RegExp(`href="${site()}/es/subscribe/confirm\\?token=[\\w-]{43}"`));
    expect(mail.html).toMatch(new RegExp(`href="${site()}/es/unsubscribe\\?token=`));
    expect(mail.html).toContain(`href="${site()}/es/get-support"`);
    expect(mail.text).toMatch(new RegExp(`Confirma tu suscripción: ${site()}/es/subscribe/confirm\\?token=`));
    expect(mail.text).toContain("Administra tu suscripción o date de baja:");
    expect(mail.text).not.toMatch(/Confirm your|Manage your subscription|Feeling heavy/);
  });

  it("the form's choice wins over the page's language; without either, English", async () => {
    const chosen = uniqueEmail("lang-chosen");
    expect((await signup({ first_name: "Ana", email: chosen, locale: "en" }, SPANISH_PAGE)).status).toBe(201);
    expect(await storedLocale(chosen)).toBe("en");
    const plain = uniqueEmail("lang-plain");
    expect((await signup({ first_name: "Ana", email: plain })).status).toBe(201);
    expect(await storedLocale(plain)).toBe("en");
    const mail = await firstMailTo(plain);
    expect(mail.subject).toBe("Confirm your Earthkind subscription");
    expect(mail.html).toContain('<html lang="en-US">');
    expect(mail.html).toContain(`href="${site()}/get-support" style="color:#1f4d36;">Feeling heavy? Find support</a>`);
  });

  it("answers the signup's validation in the request's language", async () => {
    const bad = { first_name: "Luz", email: uniqueEmail("lang-zip"), zip_code: "123" };
    const spanish = await signup(bad, SPANISH_PAGE);
    expect(spanish.status).toBe(400);
    expect(((await spanish.json()) as { error: { message: string } }).error.message).toBe(
      "Escribe un código postal válido de 5 dígitos.",
    );
    const english = await signup(bad);
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe(
      "Please enter a valid 5-digit ZIP code.",
    );
    const wrongLocale = await signup({ ...bad, zip_code: "97201", locale: "fr" });
    expect(wrongLocale.status).toBe(400);
  });

  it("changes on the manage page, and the next email comes in it", async () => {
    const sub = await createSubscriber({ email: uniqueEmail("lang-manage"), firstName: "Sol", active: true });
    const res = await client.api.subscription.language.$post(
      { json: { token: sub.manageToken, locale: "es" } },
      { headers: SPANISH_PAGE },
    );
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.subscription.locale).toBe("es");
    expect(answer.message).toBe("De ahora en adelante, tus correos llegarán en español.");
    expect(await storedLocale(sub.email)).toBe("es");

    await runConsumer([{ type: "welcome", subscriberId: sub.id, requestedAt: new Date().toISOString() }], testDeps());
    const mail = await firstMailTo(sub.email);
    expect(mail.subject).toBe("Te damos la bienvenida a Earthkind: esto es lo que viene");
    expect(mail.html).toContain('<html lang="es-US">');
    expect(mail.html).toContain("¡Te damos la bienvenida, Sol!");
    expect(mail.html).toContain("Súmate a miles de personas");
    expect(mail.html).toContain(`${site()}/es/unsubscribe?token=`);
    // The mail client's one-click button stays the API's, the same in every language.
    expect(JSON.stringify(mail)).toContain(`${site()}/api/subscription/one-click?token=`);

    const back = await client.api.subscription.language.$post({ json: { token: sub.manageToken, locale: "en" } });
    expect((await back.json()).message).toBe("Your emails will come in English from now on.");
    expect(await storedLocale(sub.email)).toBe("en");
  });

  it("confirming from the Spanish page makes a returning address's emails Spanish", async () => {
    const sub = await createSubscriber({ email: uniqueEmail("lang-return"), active: false });
    expect((await signup({ first_name: "Mar", email: sub.email }, SPANISH_PAGE)).status).toBe(201);
    // Until its owner confirms, the row keeps its language; the email asking is in the signup's.
    expect(await storedLocale(sub.email)).toBe("en");
    const mail = await firstMailTo(sub.email);
    expect(mail.subject).toBe("Confirma que quieres volver a recibir el correo semanal de Earthkind");
    const token = /\/es\/subscribe\/confirm\?token=([\w-]{43})/.exec(mail.text)?.[1] ?? "";
    const res = await client.api.subscription.confirm.$post(
      { json: { token, locale: "es" } },
      { headers: SPANISH_PAGE },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("¡Qué gusto tenerte de vuelta! Tu suscripción está activa otra vez.");
    expect(await storedLocale(sub.email)).toBe("es");
  });

  it("invites back in the subscriber's language, to the Spanish manage page", () => {
    const mail = renderResubscribeInvite(
      { name: "Earthkind", url: "https://earthkind.test", postalAddress: undefined, timeZone: "UTC" },
      "<Luz>",
      "tok_en-123",
      "es",
    );
    expect(mail.subject).toBe("¿Quieres volver a recibir la acción semanal de Earthkind?");
    expect(mail.html).toContain('<html lang="es-US">');
    expect(mail.html).toContain("¡Hola, &lt;Luz&gt;!");
    expect(mail.html).toContain("elige <strong>Volver a suscribirme</strong>.");
    expect(mail.text).toContain("elige Volver a suscribirme: https://earthkind.test/es/unsubscribe?token=tok_en-123");
  });
});
