import type { Config } from "../../platform/config";
import { notFound } from "../../platform/errors";
import { downloadTokenValid } from "./link";
import type { ExportJob } from "./types";

const GONE = "This download link has expired. Ask for the export again.";

/**
 * The file of a ready export, for its owner holding a valid link: the committed parts read from R2 one after
 * another as the client takes them (a million rows never sit in memory). Anyone else, a wrong or expired token,
 * or a job not ready, gets the same 404: whether an export exists is not told to someone who may not have it.
 */
export async function exportFileResponse(
  config: Config,
  bucket: R2Bucket,
  job: ExportJob | null,
  input: { token: string; userId: string; contentType: string; now: Date },
): Promise<Response> {
  if (job?.status !== "ready") throw notFound(GONE);
  if (!(await downloadTokenValid(config, input.token, job.id, input.userId, input.now))) throw notFound(GONE);
  const parts = [...job.parts];
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const key = parts.shift();
      if (key === undefined) return controller.close();
      const object = await bucket.get(key);
      if (!object) return controller.error(new Error(`export part missing: ${key}`));
      controller.enqueue(new Uint8Array(await object.arrayBuffer()));
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": input.contentType,
      "Content-Disposition": `attachment; filename="${job.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
