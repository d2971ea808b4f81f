import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "#contract/auth/messages";
import { fromIp, latestOutboxMessage, tokenFromLink, uniqueIp } from "./auth-support";
import { api, signIn } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createUser, uniqueEmail } from "./support/factories";

/** Members in Spanish (issue 46): their emails, the API's messages and the sign-in page. */
const SPANISH = { "Accept-Language": "es-US" } as const;
const SCRYPT_TIMEOUT = { timeout: 30_000 };

const requestLink = (email: string, headers: Record<string, string> = {}) =>
  client.api.auth["magic-link"].$post({ json: { email } }, { headers: fromIp(uniqueIp(), headers) });

const localeOf = (email: string) =>
  env.DB.prepare("SELECT locale FROM users WHERE email = ?").bind(email).first<string>("locale");

describe("a member's language", () => {
  it("a link asked for from a Spanish page, for a new address, comes in Spanish to the Spanish page, which opens a Spanish account", async () => {
    const email = uniqueEmail("nuevo");
    const res = await requestLink(email, SPANISH);
    expect(await ok(res)).toEqual({
      ok: true,
      message: "Revisa tu correo: te enviamos un enlace para iniciar sesión.",
    });

    const message = await latestOutboxMessage(email);
    expect(message?.subject).toBe("Tu enlace para iniciar sesión en Earthkind");
    expect(message?.text).toContain("Abre este enlace para iniciar sesión. Sirve una sola vez y vence en 10 minutos:");
    expect(message?.text).toContain("http://localhost:8787/es/auth/verify?token=");
    expect(message?.html).toContain("Inicia sesión en Earthkind");
    expect(message?.html).toContain("/es/auth/verify?token=");
    expect(`${message?.subject}${message?.text}`).not.toMatch(/sign in|expires/i);

    // The link's page asks in Spanish (its <html lang>): the account it creates is Spanish.
    const token = tokenFromLink(message?.text ?? "");
    const verified = await client.api.auth.verify.$post({ json: { token } }, { headers: fromIp(uniqueIp(), SPANISH) });
    const { session } = await ok(verified);
    expect(await localeOf(email)).toBe("es");
    const me = await client.api.me.$get(undefined, { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect((await ok(me)).user.locale).toBe("es");
  });

  it("an English request keeps today's English email, link and account", async () => {
    const email = uniqueEmail("new-en");
    await ok(requestLink(email));
    const message = await latestOutboxMessage(email);
    expect(message?.subject).toBe("Your Earthkind sign-in link");
    expect(message?.text).toContain("http://localhost:8787/auth/verify?token=");
    await ok(client.api.auth.verify.$post({ json: { token: tokenFromLink(message?.text ?? "") } }));
    expect(await localeOf(email)).toBe("en");
  });

  it("a member who chose Spanish gets Spanish emails, whatever page asks", SCRYPT_TIMEOUT, async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    const saved = await client.api.me.locale.$put({ json: { locale: "es" } }, { headers });
    expect((await ok(saved)).user.locale).toBe("es");
    expect(await localeOf(user.email)).toBe("es");

    // Asked for from an English page: still the member's Spanish, with the Spanish page's link.
    await ok(requestLink(user.email));
    const link = await latestOutboxMessage(user.email);
    expect(link?.subject).toBe("Tu enlace para iniciar sesión en Earthkind");
    expect(link?.text).toContain("/es/auth/verify?token=");

    // The password notice too (a first password, right after a sign-in).
    const set = await client.api.me.password.$put({ json: { password: "quiet-river-otter-71" } }, { headers });
    expect(set.status).toBe(200);
    const notice = await latestOutboxMessage(user.email);
    expect(notice?.subject).toBe("Se cambió tu contraseña de Earthkind");
    expect(notice?.text).toContain("Se cerró la sesión en todos los demás dispositivos.");
    expect(notice?.text).toContain("http://localhost:8787/es/auth");
  });

  it("refuses a language the site does not speak, in the request's language", async () => {
    const { headers } = await signIn(await createUser());
    const wrong = { json: { locale: "fr" } } as never;
    expect(await errorOf(client.api.me.locale.$put(wrong, { headers }))).toEqual({
      code: "validation_error",
      message: AUTH_MESSAGES.localeInvalid,
    });
    expect((await errorOf(client.api.me.locale.$put(wrong, { headers: { ...headers, ...SPANISH } }))).message).toBe(
      "Elige inglés o español.",
    );
  });
});

describe("the sign-in API in the request's language", () => {
  it("answers a wrong password in Spanish to a Spanish page and in English otherwise", async () => {
    const user = await createUser();
    const wrong = { json: { email: user.email, password: "not-the-password" } };
    const spanish = await client.api.auth.password.$post(wrong, { headers: fromIp(uniqueIp(), SPANISH) });
    expect(spanish.status).toBe(401);
    expect(await errorOf(spanish)).toEqual({ code: "invalid_credentials", message: "Correo o contraseña incorrectos" });
    const english = await client.api.auth.password.$post(wrong, { headers: fromIp(uniqueIp()) });
    expect((await errorOf(english)).message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it("says a validation message in Spanish too", async () => {
    const bad = { json: { email: "not-an-address" } };
    const spanish = await client.api.auth["magic-link"].$post(bad, { headers: fromIp(uniqueIp(), SPANISH) });
    expect((await errorOf(spanish)).message).toBe("Escribe un correo electrónico válido.");
    const english = await client.api.auth["magic-link"].$post(bad, { headers: fromIp(uniqueIp()) });
    expect((await errorOf(english)).message).toBe(AUTH_MESSAGES.emailInvalid);
  });
});

describe("the Spanish sign-in page", () => {
  it("renders in Spanish at /es/auth", async () => {
    const res = await api("/es/auth");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('lang="es-US"');
    for (const text of [
      "Iniciar sesión",
      "Enlace mágico",
      "Enviar enlace mágico",
      "tu@ejemplo.com",
      "Volver al inicio",
    ])
      expect(html).toContain(text);
    for (const text of ["Send Magic Link", "Back to Home", "Track the actions you complete"])
      expect(html).not.toContain(text);
  });

  it("keeps the English page as it was", async () => {
    const html = await (await api("/auth")).text();
    for (const text of ["Sign In", "Send Magic Link", "Back to Home", "you@example.com"]) expect(html).toContain(text);
  });
});
