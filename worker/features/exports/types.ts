import { z } from "zod";
import type { exportJobs } from "../../../db/schema";
import type { Db } from "../../platform/db";

export type ExportJob = typeof exportJobs.$inferSelect;
export type ExportKind = ExportJob["kind"];

/** One export queue message: run step `step` of job `job` (a duplicate finds the step done and is dropped). */
export const exportMessageSchema = z.object({ job: z.uuid(), step: z.number().int().min(0) });
export type ExportMessage = z.output<typeof exportMessageSchema>;

/** Rows per D1 query and queries per step, from config (tests set them small) or these production defaults. */
export type ExportPaging = { pageRows: number; pagesPerStep: number };
export const EXPORT_PAGE_ROWS = 1000;
/** 50 pages of 1,000 rows: ~50 queries and ~5 MB of CSV per invocation; 20 invocations for 1,000,000 rows. */
export const EXPORT_PAGES_PER_STEP = 50;

export type ExportStepInput = { db: Db; job: ExportJob; paging: ExportPaging; now: Date };
/** What a step wrote: its part of the file, the rows in it, where the next step starts (null: the file is complete). */
export type ExportStepOutput = { body: string; rows: number; cursor: string | null };

/** How each kind of export makes one step of its file; composed in worker/jobs (exports knows no feature). */
export type ExportProducer = {
  contentType: string;
  extension: "csv" | "json";
  step: (input: ExportStepInput) => Promise<ExportStepOutput>;
};
export type ExportProducers = Record<ExportKind, ExportProducer>;
