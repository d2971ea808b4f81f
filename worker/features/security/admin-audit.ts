import { createMiddleware } from "hono/factory";
import { writeAudit } from "../../platform/audit";
import type { AppBindings } from "../../platform/hono";
import { clientIp } from "../../platform/request";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every successful admin mutation writes exactly one security_audit_log row: who (the admin), what
 * (method and path, which names the target) and, where the handler knows more, `c.var.auditTarget`
 * (its own action name, table and target, e.g. the stored media key). Mounted once behind the admin
 * guard, so no route can forget it. Refused requests (4xx/5xx) changed nothing and are not audited here.
 */
export const auditAdminMutations = createMiddleware<AppBindings>(async (c, next) => {
  await next();
  if (!MUTATIONS.has(c.req.method) || c.res.status >= 400) return;
  const extra = c.var.auditTarget;
  const url = new URL(c.req.url);
  await writeAudit(c.var.db, {
    action: extra?.action ?? "admin_mutation",
    userId: c.var.user.id,
    tableName: extra?.table ?? null,
    ipAddress: clientIp(c),
    newValues: {
      method: c.req.method,
      path: url.pathname,
      admin_email: c.var.user.email,
      target: extra?.target ?? null,
      status: c.res.status,
      timestamp: new Date().toISOString(),
    },
  });
});
