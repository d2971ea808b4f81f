import type { MiddlewareHandler } from "hono";
import { isDevelopment } from "./config";
import { notFound } from "./errors";
import type { AppBindings } from "./hono";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Guards the /dev/* sub-apps (mailbox, ingestion fixtures): they exist only for a development run
 * on this machine. Both must hold, so a deployment left on ENVIRONMENT=development still answers
 * 404 on its public hostname (decision record 062).
 */
export const devOnly: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!isDevelopment(c.env) || !LOCAL_HOSTS.has(new URL(c.req.url).hostname)) throw notFound();
  await next();
};
