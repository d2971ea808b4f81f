import { requireUser } from "../../platform/auth-guard";
import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { readMe, setPassword } from "./account";
import { enforceIpWindow } from "./ip-window";
import { setPasswordSchema } from "./schemas";

// Guards are per route, not `.use()`: /api/me/completions is mounted beside this router and has its own.
export const meRoutes = createRouter()
  .get("/", requireUser, async (c) => c.json(await readMe(c.var.db, c.var.user.id)))
  .put("/password", requireUser, validate("json", setPasswordSchema), async (c) => {
    await enforceIpWindow(c, "setPassword", `user:${c.var.user.id}`);
    await setPassword(c.var.db, c.var.user, c.req.valid("json").password, clientIp(c));
    return c.json(await readMe(c.var.db, c.var.user.id));
  });
