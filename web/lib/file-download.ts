/**
 * File answers (CSV and JSON exports) from typed client calls, kept out of web/lib/api.ts so the
 * public pages' initial load does not carry them (only admin and My Progress screens download).
 */
import type { ClientResponse } from "hono/client";

/** A file answered by the API (a CSV or JSON export), with the name the server gave it. */
export type ApiFile = { blob: Blob; filename: string };

/** Awaits a client call that answers with a file (errors are thrown as `ApiError` like any call). */
export async function readFile(call: Promise<ClientResponse<unknown, number, string>>): Promise<ApiFile> {
  const response = await call;
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? new URL(response.url).pathname.split("/").at(-1);
  return { blob: await response.blob(), filename: filename || "download" };
}

/** Hands a downloaded file to the browser's save flow. */
export function saveFile({ blob, filename }: ApiFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next task: Firefox needs the URL alive while the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
