import type { MiddlewareHandler } from "hono";
import { DEFAULT_LOCALE } from "#contract/i18n/locales";
import type { AppBindings } from "./hono";
import { requestLocale, translateEnglish } from "./i18n";

/**
 * An API error's message in the caller's language (decision 270): routes, validators and limits answer with the
 * spec's English (`{ error: { code, message } }`); for a caller that asks for Spanish (a Spanish page's calls send
 * `Accept-Language: es-US`) the message is said in Spanish when the catalogue has it. The code stays, so clients
 * keep recognising errors by it.
 */
export const localizedErrors: MiddlewareHandler<AppBindings> = async (c, next) => {
  await next();
  const locale = requestLocale(c);
  if (locale === DEFAULT_LOCALE || c.res.status < 400 || c.res.status >= 500) return;
  if (!c.res.headers.get("Content-Type")?.startsWith("application/json")) return;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { error?: { message?: unknown } } | null;
  const error = body?.error;
  if (!error || typeof error.message !== "string") return;
  const message = error.message;
  const translated = translateEnglish(message, locale);
  if (translated === message) return;
  const headers = new Headers(c.res.headers);
  headers.delete("Content-Length");
  c.res = new Response(JSON.stringify({ ...body, error: { ...error, message: translated } }), {
    status: c.res.status,
    headers,
  });
};
