import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "./errors";
import type { AppBindings } from "./hono";

/**
 * Request body ceilings (decision record 060). Checked against Content-Length when there is one
 * and counted while streaming otherwise (chunked bodies), before any handler parses a byte.
 */
export const BODY_LIMITS = {
  /** Public JSON forms: the largest (an event submission) is under 15 KB of text. */
  publicJson: 64 * 1024,
  /** Admin JSON: a whole petition list or an action with 30 steps and links stays well under this. */
  adminJson: 1024 * 1024,
  /** The image upload: 5 MB of image plus the multipart envelope. */
  upload: 6 * 1024 * 1024,
} as const;

export const BODY_TOO_LARGE_MESSAGE = "The request body is too large";

const UPLOAD_PATH = "/api/admin/media";

const limiter = (maxSize: number): MiddlewareHandler<AppBindings> =>
  bodyLimit({ maxSize, onError: (c) => c.json(errorBody("payload_too_large", BODY_TOO_LARGE_MESSAGE), 413) });

const publicJson = limiter(BODY_LIMITS.publicJson);
const adminJson = limiter(BODY_LIMITS.adminJson);
const upload = limiter(BODY_LIMITS.upload);

/** The one body-limit middleware: picks the ceiling from the path (the upload, admin, everything else). */
export const limitRequestBodies: MiddlewareHandler<AppBindings> = (c, next) => {
  const path = c.req.path;
  if (path === UPLOAD_PATH || path === `${UPLOAD_PATH}/`) return upload(c, next);
  if (path.startsWith("/api/admin/")) return adminJson(c, next);
  return publicJson(c, next);
};
