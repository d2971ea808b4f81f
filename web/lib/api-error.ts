// Apart from the API client so the query defaults (in the entry chunk) can tell client errors from
// retryable ones without carrying the client (decision 144).

/** An API failure, built from the server's `{ "error": { "code", "message" } }` body. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
