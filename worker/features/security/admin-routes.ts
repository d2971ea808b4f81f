import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { writeAudit } from "./audit";
import { cleanupOldData } from "./cleanup";
import { readAdminActivity, readSecurityLogs } from "./logs";
import { publicProbePaths, runSecurityScan } from "./scan";

// Mounted at /api/admin/security behind the one admin guard in worker/app.ts.
export const securityAdminRoutes = createRouter()
  .get("/logs", async (c) => {
    // The logs hold other people's emails and IP addresses: reading them is itself audited, before
    // the read, so the answer already counts this access.
    await writeAudit(c.var.db, {
      action: "sensitive_data_access",
      userId: c.var.user.id,
      tableName: "security_audit_log",
      ipAddress: clientIp(c),
      newValues: { resource: "security_logs", timestamp: new Date().toISOString() },
    });
    return c.json(await readSecurityLogs(c.var.db));
  })
  .get("/admin-activity", async (c) => c.json({ activity: await readAdminActivity(c.var.db) }))
  .post("/scan", async (c) => {
    // Imported lazily: the app module imports this file, so a static import would be circular.
    const { createApp } = await import("../../app");
    const app = createApp();
    const origin = new URL(c.req.url).origin;
    let ctx: typeof c.executionCtx | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      // Called without an execution context (app.fetch in tests); the probed routes do not need one.
    }
    const result = await runSecurityScan(c.var.db, c.var.config, {
      paths: publicProbePaths(app.routes),
      fetch: (path) => Promise.resolve(app.fetch(new Request(new URL(path, origin)), c.env, ctx)),
    });
    // The admin-mutation audit (admin-audit.ts) writes the row, under this action name.
    c.set("auditTarget", { action: "security_scan", target: { findings: result.findings.length } });
    return c.json(result);
  })
  .post("/cleanup", async (c) => {
    const result = await cleanupOldData(c.var.db);
    c.set("auditTarget", { action: "security_cleanup", target: { ...result } });
    return c.json(result);
  });
