import type { Context } from "hono";
import { describeRoute } from "hono-openapi";
import { completionInputSchema } from "#contract/completions/schemas";
import type { LinkOutcome } from "#contract/did-it/messages";
import { didItAnswer, didItQuerySchema } from "#contract/did-it/responses";
import { localeOfPath, localizePath } from "#contract/i18n/locales";
import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { tokenWindow } from "../../platform/client-limit";
import { AppError, notFound } from "../../platform/errors";
import { type AppBindings, createRouter } from "../../platform/hono";
import { requestLocale, translate } from "../../platform/i18n";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { enforceIpWindow } from "../auth/ip-window";
import { requestMagicLink } from "../auth/magic-link";
import { readDidIt, readDidItLink, recordDidIt } from "./service";

/** Where "See your progress" lands after the sign-in link is opened. */
const PROGRESS_PATH = LINKED_PATHS.myProgress;

/**
 * GET /api/did-it?token= — the page's data (the Worker renders the page from the same read). Reading
 * changes nothing: mail scanners and link previews open every link in an email.
 */
export const didItApiRoutes = createRouter().get(
  "/",
  describeRoute({
    summary: 'Read an "I did it" link from a weekly email (changes nothing)',
    responses: {
      200: jsonAnswer(didItAnswer, "The week's action and whether it is already recorded for this address"),
      404: errorAnswer("The link is altered, expired, or names something that no longer exists"),
    },
  }),
  validate("query", didItQuerySchema),
  async (c) => {
    const view = await readDidIt(c.var.db, c.var.config, c.req.valid("query").token, requestLocale(c));
    if (!view) throw notFound(translate(requestLocale(c), "didIt.invalid"));
    c.header("Cache-Control", "no-store");
    return c.json(answer(didItAnswer, { did_it: view }));
  },
);

type FormStatus = 400 | 404 | 429 | 503;

/** The page in the language of the one that posted: the forms post to /did-it or /es/did-it (worker/app.ts). */
const didItPath = (c: Context<AppBindings>) =>
  localizePath(LINKED_PATHS.didIt, localeOfPath(new URL(c.req.url).pathname));

const pageUrl = (c: Context<AppBindings>, token: string, params: Record<string, string> = {}) => {
  const url = new URL(didItPath(c), c.var.config.siteOrigin);
  url.searchParams.set("token", token);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
};

/** Post/redirect/get: the page is read again, so a reload never posts twice. */
const seeOther = (c: Context<AppBindings>, url: URL) => c.redirect(`${url.pathname}${url.search}`, 303);

/**
 * Renders the "I did it" page for `url` under `status`: the pages feature's `servePage`, passed in by the app
 * (worker/app.ts) because the pages feature reads this one's data.
 */
export type ServeDidItPage = (
  c: Context<AppBindings>,
  override: { url: string; status: FormStatus },
) => Promise<Response>;

async function formFields(c: Context<AppBindings>) {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const field = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  return { token: field("token").slice(0, 1000), notes: field("notes"), share: field("share_note") };
}

/** Link-request outcomes the page words itself (the magic-link request's own limits, decision 196). */
function linkRefusal(error: unknown): { status: FormStatus; link: LinkOutcome } | null {
  if (!(error instanceof AppError)) return null;
  // The address's hourly cap says so; the one-a-minute rule and the per-client window both mean "wait".
  if (error.status === 429)
    return { status: 429, link: error.message.startsWith("Too many sign-in") ? "hourly" : "wait" };
  if (error.status === 503) return { status: 503, link: "unavailable" };
  return null;
}

/**
 * The page's two forms, plain HTML POSTs that work without JavaScript. The token in the body is the
 * whole authority (a CSRF token would add nothing: whoever can post it holds the link), and no bot
 * check is asked (decision 196): only a mailed link can make a token.
 */
export const didItFormRoutes = (servePage: ServeDidItPage) => {
  /** A refused form: the page itself, with the reason, under the error's status. */
  const refused = (c: Context<AppBindings>, token: string, status: FormStatus, params: Record<string, string>) =>
    servePage(c, { url: pageUrl(c, token, params).toString(), status });
  return (
    createRouter()
      // Per client, before the body is read (decision 216): a refusal is the page, saying to wait.
      .use(async (c, next) => {
        if (c.req.method !== "POST") return next();
        const window = await tokenWindow(c, "did-it");
        if (window.ok) return next();
        // The token is in the body, which a refused request does not get to: the page says to wait.
        const url = new URL(didItPath(c), c.var.config.siteOrigin);
        url.searchParams.set("error", "wait");
        const page = await servePage(c, { url: url.toString(), status: 429 });
        page.headers.set("Retry-After", String(window.retryAfterSeconds));
        return page;
      })
      .post("/", async (c) => {
        const { token, notes, share } = await formFields(c);
        const input = completionInputSchema.safeParse({ notes, share_note: share === "on" || share === "true" });
        if (!input.success) return refused(c, token, 400, { error: "notes" });
        const recorded = await recordDidIt(c.var.db, c.var.config, token, input.data);
        if (!recorded) return refused(c, token, 404, {});
        return seeOther(c, pageUrl(c, token));
      })
      .post("/progress-link", async (c) => {
        const { token } = await formFields(c);
        const link = await readDidItLink(c.var.db, c.var.config, token);
        if (!link) return refused(c, token, 404, {});
        try {
          // The sign-in link's own path, limits included: per client and per address (60 s, 5 an hour).
          await enforceIpWindow(c, "magic-link");
          await requestMagicLink(c.var.db, c.var.config, c.env.KV, {
            email: link.email,
            redirectTo: PROGRESS_PATH,
            ip: clientIp(c),
            // For an address with no account yet; a member's own language wins (decision 275).
            locale: link.locale,
          });
        } catch (error) {
          const refusal = linkRefusal(error);
          if (!refusal) throw error;
          return refused(c, token, refusal.status, { link: refusal.link });
        }
        return seeOther(c, pageUrl(c, token, { link: "sent" }));
      })
  );
};
