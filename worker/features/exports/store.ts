import { and, desc, eq, sql } from "drizzle-orm";
import { exportJobs } from "../../../db/schema";
import type { Db } from "../../platform/db";
import type { ExportJob, ExportKind } from "./types";

/** How long an export's file is kept (and its job can be asked about) after it was requested. */
export const EXPORT_TTL_MS = 60 * 60 * 1000;
/** How long one invocation may hold a step before another may take it over (a crashed invocation's lease). */
export const LEASE_MS = 3 * 60 * 1000;
/** Claims of one step before the job is given up as failed. */
export const MAX_STEP_ATTEMPTS = 5;

/**
 * The person's export of this kind that is still being prepared with the same parameters, or a new job.
 * Pressing the button twice does not start a second export (a background job is work the person cannot see).
 */
export async function startExportJob(
  db: Db,
  input: { kind: ExportKind; userId: string; params: Record<string, string>; filename: string },
  now: Date,
): Promise<{ job: ExportJob; created: boolean }> {
  const [pending] = await db
    .select()
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.userId, input.userId),
        eq(exportJobs.kind, input.kind),
        sql`${exportJobs.createdAt} > ${new Date(now.getTime() - EXPORT_TTL_MS).toISOString()}`,
      ),
    )
    .orderBy(desc(exportJobs.createdAt))
    .limit(1);
  if (pending?.status === "pending" && JSON.stringify(pending.params) === JSON.stringify(input.params))
    return { job: pending, created: false };
  const iso = now.toISOString();
  const [job] = await db
    .insert(exportJobs)
    .values({
      ...input,
      createdAt: iso,
      updatedAt: iso,
      expiresAt: new Date(now.getTime() + EXPORT_TTL_MS).toISOString(),
    })
    .returning();
  if (!job) throw new Error("export job insert returned nothing");
  return { job, created: true };
}

/** The job if it is this person's and of this kind, and not expired; otherwise null (answered as a 404). */
export async function readOwnJob(db: Db, id: string, userId: string, kind: ExportKind, now: Date) {
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId), eq(exportJobs.kind, kind)))
    .limit(1);
  return job && job.expiresAt > now.toISOString() ? job : null;
}

/**
 * Takes step `step` of a pending job for this invocation: only when the job is at that step and no live
 * invocation holds it. One statement, so two deliveries of the same message cannot both win.
 */
export async function claimStep(db: Db, id: string, step: number, lease: string, now: Date) {
  const iso = now.toISOString();
  const [job] = await db
    .update(exportJobs)
    .set({
      lease,
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      attempts: sql`${exportJobs.attempts} + 1`,
      updatedAt: iso,
    })
    .where(
      and(
        eq(exportJobs.id, id),
        eq(exportJobs.step, step),
        eq(exportJobs.status, "pending"),
        sql`(${exportJobs.lease} IS NULL OR ${exportJobs.leaseUntil} < ${iso})`,
      ),
    )
    .returning();
  return job ?? null;
}

/**
 * Commits a step: its part joins the file's list, the cursor moves on and the lease is let go, only if this
 * invocation still holds the lease (one that lost it to a takeover commits nothing). Returns whether it did.
 */
export async function commitStep(
  db: Db,
  job: ExportJob,
  lease: string,
  step: { key: string; rows: number; cursor: string | null; queries: number },
  now: Date,
): Promise<boolean> {
  const iso = now.toISOString();
  const done = step.cursor === null;
  const updated = await db
    .update(exportJobs)
    .set({
      step: sql`${exportJobs.step} + 1`,
      cursor: step.cursor,
      rows: sql`${exportJobs.rows} + ${step.rows}`,
      parts: sql`json_insert(${exportJobs.parts}, '$[#]', ${step.key})`,
      lease: null,
      leaseUntil: null,
      attempts: 0,
      invocations: sql`${exportJobs.invocations} + 1`,
      queriesTotal: sql`${exportJobs.queriesTotal} + ${step.queries}`,
      queriesMax: sql`max(${exportJobs.queriesMax}, ${step.queries})`,
      ...(done ? { status: "ready" as const, completedAt: iso } : {}),
      updatedAt: iso,
    })
    .where(and(eq(exportJobs.id, job.id), eq(exportJobs.lease, lease)))
    .returning({ id: exportJobs.id });
  return updated.length === 1;
}

/** Lets go of a step after a failure, so the queue's retry can claim it at once. */
export async function releaseStep(db: Db, id: string, lease: string, failed: boolean, now: Date) {
  await db
    .update(exportJobs)
    .set({ lease: null, leaseUntil: null, updatedAt: now.toISOString(), ...(failed ? { status: "failed" } : {}) })
    .where(and(eq(exportJobs.id, id), eq(exportJobs.lease, lease)));
}

export async function readJob(db: Db, id: string) {
  const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, id)).limit(1);
  return job ?? null;
}
