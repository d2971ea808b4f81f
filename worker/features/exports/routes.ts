import { describeRoute } from "hono-openapi";
import { exportFileQuerySchema, exportJobAnswer } from "#contract/exports/responses";
import { answer, errorAnswer, fileAnswer, jsonAnswer } from "../../platform/api-docs";
import { requireUser } from "../../platform/auth-guard";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { exportFileResponse } from "./file";
import { exportView } from "./link";
import { readOwnJob } from "./store";
import type { ExportKind } from "./types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_EXPORT = "Export not found";

/**
 * GET <base>/:id (how the export is going, with a fresh short-lived link once it is ready) and
 * GET <base>/:id/file?token= (the file), for the person who asked only: another user gets a 404.
 * Mounted by each feature that starts exports of `kind`, under that feature's own guards.
 */
export function exportJobRoutes(kind: ExportKind, base: string, file: { mediaType: string; what: string }) {
  return createRouter()
    .get(
      "/:id",
      describeRoute({
        summary: `How the ${file.what} export is going; once ready, a download link for 10 minutes`,
        responses: {
          200: jsonAnswer(exportJobAnswer, "The export; `download` is set once it is ready"),
          404: errorAnswer("No export of yours has this id, or it has expired"),
        },
      }),
      requireUser,
      async (c) => {
        const id = c.req.param("id");
        const now = new Date();
        const job = UUID.test(id) ? await readOwnJob(c.var.db, id, c.var.user.id, kind, now) : null;
        if (!job) throw notFound(NO_EXPORT);
        c.header("Cache-Control", "no-store");
        return c.json(
          answer(exportJobAnswer, { export: await exportView(c.var.config, job, `${base}/${job.id}/file`, now) }),
        );
      },
    )
    .get(
      "/:id/file",
      describeRoute({
        summary: `Download the ${file.what} export with the link its status gave (its owner only)`,
        responses: {
          200: fileAnswer(file.mediaType, "The file, as an attachment"),
          404: errorAnswer("Not your export, not ready, or the link has expired"),
        },
      }),
      requireUser,
      validate("query", exportFileQuerySchema),
      async (c) => {
        const id = c.req.param("id");
        const now = new Date();
        const job = UUID.test(id) ? await readOwnJob(c.var.db, id, c.var.user.id, kind, now) : null;
        return exportFileResponse(c.var.config, c.env.MEDIA, job, {
          token: c.req.valid("query").token,
          userId: c.var.user.id,
          contentType: file.mediaType === "text/csv" ? "text/csv; charset=utf-8" : file.mediaType,
          now,
        });
      },
    );
}
