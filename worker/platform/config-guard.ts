import type { MiddlewareHandler } from "hono";
import { signInBlockers } from "./config";
import { errorBody } from "./errors";
import type { AppBindings } from "./hono";

/**
 * Sign-in routes refuse at once, with 503 `configuration_error`, while a setting they need is wrong
 * (signInBlockers in config.ts decides which): never a 500 after a sign-in link was spent. The operator sees
 * which setting on /api/health, the admin banner and the security scan.
 */
export const refuseSignInWhileMisconfigured: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (signInBlockers(c.var.config).length > 0)
    return c.json(
      errorBody(
        "configuration_error",
        "Sign-in is unavailable until the site's operator fixes its configuration. Please try again later.",
      ),
      503,
    );
  await next();
};
