import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ErrorBody = { error: { code: string; message: string } };

/**
 * An error a client is meant to see: its status, a stable code and a human message (the spec's
 * text where it has one). Anything else thrown becomes a generic 500 in `onError`.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "validation_error") => new AppError(400, code, message);
export const unauthorized = (message = "Sign in required") => new AppError(401, "unauthorized", message);
export const forbidden = (message = "You do not have permission to do this") => new AppError(403, "forbidden", message);
export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const conflict = (message: string, code = "conflict") => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests. Please wait and try again.") =>
  new AppError(429, "rate_limited", message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const errorBody = (code: string, message: string): ErrorBody => ({ error: { code, message } });
