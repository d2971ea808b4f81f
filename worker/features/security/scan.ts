import { and, count, eq, gt, gte, lt } from "drizzle-orm";
import { type Finding, type ScanResult, SEVERITY_ORDER } from "#contract/security/schemas";
import { passwordThrottle, profiles, securityAuditLog, users } from "../../../db/schema";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { lastCampaignComplaintRate } from "../email/suppressions";
import { RETENTION_DAYS } from "./cleanup";
import { configFindings } from "./scan-config";

const ELEVATED_AUTH_FAILURES_24H = 50;
const EMAIL_SAMPLE = 25;

/** A public (non-admin) GET route the scan fetches anonymously, and how to fetch it. */
export type Probe = { paths: string[]; fetch: (path: string) => Promise<Response> };

/**
 * The security scan: configuration checks, checks of the data, and a live probe of every public
 * GET route for leaked profile emails. Findings are sorted most severe first.
 */
export async function runSecurityScan(db: Db, config: Config, probe: Probe, now = new Date()): Promise<ScanResult> {
  const findings = [
    ...configFindings(config),
    ...(await dataFindings(db, now)),
    ...(await senderHealthFindings(db)),
    ...(await exposureFindings(db, probe)),
  ];
  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return { findings, scanned_at: now.toISOString(), probed_routes: probe.paths };
}

async function dataFindings(db: Db, now: Date): Promise<Finding[]> {
  const findings: Finding[] = [];
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
  // Admins are few; profiles has no role index, and this runs only when an admin presses the button.
  const [admins, failures, locked, old] = await db.batch([
    db
      .select({ email: users.email, hasPassword: users.passwordHash })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.role, "admin"))
      .limit(200),
    db
      .select({ n: count() })
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.action, "auth_failure"), gte(securityAuditLog.createdAt, dayAgo))),
    db.select({ n: count() }).from(passwordThrottle).where(gt(passwordThrottle.lockedUntil, nowIso)),
    db
      .select({ id: securityAuditLog.id })
      .from(securityAuditLog)
      .where(lt(securityAuditLog.createdAt, cutoff))
      .limit(1),
  ]);

  if (admins.length === 0) {
    findings.push({
      id: "no-admins",
      title: "No admin accounts",
      description: "Nobody can reach the admin screens.",
      severity: "info",
      category: "access_control",
      remediation: "Grant the role to a trusted account (`npm run admin:grant -- EMAIL` locally).",
      affected_table: "profiles",
    });
  }
  const withoutPassword = admins.filter((a) => a.hasPassword === null).map((a) => a.email);
  if (withoutPassword.length > 0) {
    findings.push({
      id: "admins-without-password",
      title: `${withoutPassword.length} admin account${withoutPassword.length === 1 ? " has" : "s have"} no password`,
      description: `${withoutPassword.join(", ")} can sign in only by magic link, so admin access rests entirely on the security of those mailboxes, and a mail outage locks the admin out.`,
      severity: "low",
      category: "authentication",
      remediation:
        "Each admin sets a long, unique password in the account section of My Progress and protects the mailbox with two-factor authentication.",
      affected_table: "users",
    });
  }
  const failureCount = failures[0]?.n ?? 0;
  if (failureCount > ELEVATED_AUTH_FAILURES_24H) {
    findings.push({
      id: "auth-failures-elevated",
      title: "Many failed sign-ins in the last 24 hours",
      description: `${failureCount} failed password sign-ins in 24 hours may be password guessing. Per-account back-off and per-IP limits are active.`,
      severity: "medium",
      category: "authentication",
      remediation: "Review the authentication failures below for repeated emails or IP addresses.",
      affected_table: "security_audit_log",
    });
  }
  const lockedCount = locked[0]?.n ?? 0;
  if (lockedCount > 0) {
    findings.push({
      id: "accounts-locked",
      title: `${lockedCount} address${lockedCount === 1 ? " is" : "es are"} temporarily locked`,
      description: "Repeated wrong passwords triggered the growing back-off; the lock lifts by itself.",
      severity: "info",
      category: "authentication",
      remediation: "No action needed unless the count keeps growing. Locked users can still sign in with a magic link.",
      affected_table: "password_throttle",
    });
  }
  if (old.length > 0) {
    findings.push({
      id: "audit-retention",
      title: "Audit data older than the retention period",
      description: `There are security log rows older than ${RETENTION_DAYS} days, which keep email and IP addresses longer than needed.`,
      severity: "low",
      category: "data_retention",
      remediation: "Press Clean Old Data (the daily clean-up job also removes them).",
      affected_table: "security_audit_log",
    });
  }
  return findings;
}

/**
 * Fetches every public GET route as a visitor and looks for real profile emails in the answers.
 * Member routes answer only the caller's own profile (/api/me) and admin routes are guarded.
 */
async function exposureFindings(db: Db, probe: Probe): Promise<Finding[]> {
  const sample = await db.select({ email: profiles.email }).from(profiles).limit(EMAIL_SAMPLE);
  const emails = sample.map((s) => s.email.toLowerCase());
  const leaking: string[] = [];
  const failed: string[] = [];
  for (const path of probe.paths) {
    try {
      const body = (await (await probe.fetch(path)).text()).toLowerCase();
      if (emails.some((e) => body.includes(e))) leaking.push(path);
    } catch (err) {
      console.warn("security scan: probe failed", path, err);
      failed.push(path);
    }
  }
  const unchecked: Finding[] =
    failed.length > 0
      ? [
          {
            id: "profile-email-probe-failed",
            title: "Some public routes could not be checked",
            description: `The scan could not fetch ${failed.join(", ")}, so it cannot say whether they expose profile emails.`,
            severity: "low",
            category: "data_exposure",
            remediation: "Check the Worker logs for the error and run the scan again.",
            affected_table: "profiles",
          },
        ]
      : [];
  if (leaking.length > 0) {
    return [
      ...unchecked,
      {
        id: "profile-emails-exposed",
        title: "Profile emails visible to visitors",
        description: `These public routes returned a user's email address: ${leaking.join(", ")}.`,
        severity: "high",
        category: "data_exposure",
        remediation: "Remove email fields from those responses or move the routes under /api/admin.",
        affected_table: "profiles",
      },
    ];
  }
  return [
    ...unchecked,
    {
      id: "profile-emails-protected",
      title: "Profile emails are visible only to their owner and admins",
      description: `Checked ${probe.paths.length - failed.length} public routes as a visitor against ${emails.length} profile emails: none exposed an address. Signed-in users read only their own email (/api/me); /api/admin routes require the admin role.`,
      severity: "info",
      category: "data_exposure",
      remediation: "Keep new public endpoints free of profile fields; this scan rechecks them.",
      affected_table: "profiles",
    },
  ];
}

/** Public GET routes of the app without path parameters: the ones a visitor can fetch blindly. */
export function publicProbePaths(routes: { method: string; path: string }[]): string[] {
  const paths = routes
    .filter((r) => r.method === "GET" && r.path.startsWith("/api/") && !r.path.startsWith("/api/admin"))
    .map((r) => r.path.replace(/\/$/, "") || "/")
    .filter((p) => !p.includes(":") && !p.includes("*"));
  return [...new Set(paths)];
}

/** Gmail's bulk-sender rule is a complaint rate under 0.3 %; warn well before it. */
export const COMPLAINT_RATE_LIMIT = 0.001;

/** Sender health: spam complaints about the last weekly campaign, per message sent. */
async function senderHealthFindings(db: Db): Promise<Finding[]> {
  const last = await lastCampaignComplaintRate(db);
  if (!last || last.rate <= COMPLAINT_RATE_LIMIT) return [];
  const percent = (last.rate * 100).toFixed(2);
  return [
    {
      id: "complaint-rate-high",
      title: "High spam-complaint rate",
      description: `${last.complaints} of ${last.sent} recipients of the last weekly email marked it as spam (${percent} %, above 0.1 %). Gmail and Yahoo start rejecting bulk mail at 0.3 %.`,
      severity: "high",
      category: "email",
      remediation:
        "Check that people expect the email (signup wording, sending day), that unsubscribing is easy, and that the content matches what they signed up for. Complaining addresses are already suppressed.",
      affected_table: "email_webhook_events",
    },
  ];
}
