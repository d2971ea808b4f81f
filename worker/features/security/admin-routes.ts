import type { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { adminActivityAnswer, cleanupAnswer, scanAnswer, securityLogsAnswer } from "#contract/security/responses";
import { SEVERITY_ORDER } from "#contract/security/schemas";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { writeAudit } from "../../platform/audit";
import { type AppBindings, createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { raiseAlert } from "../operations/alerts";
import { cleanupOldData } from "./cleanup";
import { readAdminActivity, readSecurityLogs } from "./logs";
import { publicProbePaths, runSecurityScan } from "./scan";

/** What the scan needs of the app it probes: its route table and a way to call it. */
export type ScannedApp = Pick<Hono<AppBindings>, "routes" | "fetch">;

/**
 * Mounted at /api/admin/security behind the one admin guard in worker/app.ts, which passes itself in
 * (`app`), so the scan probes the very app that serves it without importing it.
 */
export const securityAdminRoutes = (app: () => ScannedApp) =>
  createRouter()
    .get(
      "/logs",
      describeRoute({
        summary: "Read the security dashboard's logs and 24-hour summary (an audited read)",
        responses: {
          200: jsonAnswer(
            securityLogsAnswer,
            "Recent audit entries, sensitive accesses, sign-in failures, role changes",
          ),
        },
      }),
      async (c) => {
        // The logs hold other people's emails and IP addresses: reading them is itself audited, before
        // the read, so the answer already counts this access.
        await writeAudit(c.var.db, {
          action: "sensitive_data_access",
          userId: c.var.user.id,
          tableName: "security_audit_log",
          ipAddress: clientIp(c),
          newValues: { resource: "security_logs", timestamp: new Date().toISOString() },
        });
        return c.json(answer(securityLogsAnswer, await readSecurityLogs(c.var.db)));
      },
    )
    .get(
      "/admin-activity",
      describeRoute({
        summary: "Count each admin's sensitive-data accesses over the last 7 days",
        responses: { 200: jsonAnswer(adminActivityAnswer, "Admins with sensitive accesses, most first") },
      }),
      async (c) => c.json(answer(adminActivityAnswer, { activity: await readAdminActivity(c.var.db) })),
    )
    .post(
      "/scan",
      describeRoute({
        summary: "Run the security scan (raises an alert for each critical or high finding)",
        responses: { 200: jsonAnswer(scanAnswer, "The findings, and the public routes probed") },
      }),
      async (c) => {
        const probed = app();
        const origin = new URL(c.req.url).origin;
        let ctx: typeof c.executionCtx | undefined;
        try {
          ctx = c.executionCtx;
        } catch {
          // Called without an execution context (app.fetch in tests); the probed routes do not need one.
        }
        const result = await runSecurityScan(c.var.db, c.var.config, {
          paths: publicProbePaths(probed.routes),
          fetch: (path) => Promise.resolve(probed.fetch(new Request(new URL(path, origin)), c.env, ctx)),
        });
        // The admin-mutation audit (admin-audit.ts) writes the row, under this action name.
        c.set("auditTarget", { action: "security_scan", target: { findings: result.findings.length } });
        for (const finding of result.findings.filter((f) => SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER.high)) {
          await raiseAlert(c.var, {
            kind: "security_finding",
            subject: finding.id,
            details: `${finding.title} (${finding.severity}). ${finding.remediation}`,
          });
        }
        return c.json(answer(scanAnswer, result));
      },
    )
    .post(
      "/cleanup",
      describeRoute({
        summary: "Delete audit rows and decided event submissions past the retention period",
        responses: { 200: jsonAnswer(cleanupAnswer, "How many rows were deleted, and the cutoff") },
      }),
      async (c) => {
        const result = await cleanupOldData(c.var.db);
        c.set("auditTarget", { action: "security_cleanup", target: { ...result } });
        return c.json(answer(cleanupAnswer, result));
      },
    );
