import { createMiddleware } from "hono/factory";
import { requireUser } from "../../platform/auth-guard";
import { type AppBindings, createRouter } from "../../platform/hono";
import { enforceAccountLimit } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { readMe, SET_PASSWORD_LIMIT, setPassword } from "./account";
import { deleteAccount } from "./account-deletion";
import { clearRefreshCookie } from "./cookies";
import { exportMyData } from "./my-data";
import { deleteAccountSchema } from "./my-data-schemas";
import { setPasswordSchema } from "./schemas";
import { formatWait } from "./throttle-messages";

/** Per account, reserved in D1 before the body is parsed (each success hashes and sends an email). */
const setPasswordLimit = createMiddleware<AppBindings>(async (c, next) => {
  await enforceAccountLimit(c.var.db, c.env.KV, {
    scope: "set-password",
    subject: c.var.user.id,
    ...SET_PASSWORD_LIMIT,
    message: (wait) => `Too many attempts. Please wait and try again ${formatWait(wait)}.`,
  });
  await next();
});

// Guards are per route, not `.use()`: /api/me/completions is mounted beside this router and has its own.
export const meRoutes = createRouter()
  .get("/", requireUser, async (c) => c.json(await readMe(c.var.db, c.var.user.id)))
  .put("/password", requireUser, setPasswordLimit, validate("json", setPasswordSchema), async (c) => {
    const { password, current_password } = c.req.valid("json");
    await setPassword({ db: c.var.db, config: c.var.config, kv: c.env.KV }, c.var.user, {
      password,
      currentPassword: current_password,
      ip: clientIp(c),
    });
    return c.json(await readMe(c.var.db, c.var.user.id));
  })
  // "Download my data": a file, not a page, so the browser saves it.
  .get("/export", requireUser, async (c) => {
    const data = await exportMyData(c.var.db, c.var.user.id);
    c.header("Content-Disposition", `attachment; filename="earthkind-my-data-${data.exported_at.slice(0, 10)}.json"`);
    c.header("Cache-Control", "no-store");
    return c.json(data);
  })
  .delete("/", requireUser, validate("json", deleteAccountSchema), async (c) => {
    await deleteAccount(c.var.db, c.var.config, c.var.user, c.req.valid("json").confirm_email, clientIp(c));
    clearRefreshCookie(c);
    return c.json({ deleted: true as const });
  });
