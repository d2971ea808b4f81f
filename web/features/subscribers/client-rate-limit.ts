import { SIGNUP_CLIENT_LIMIT } from "#contract/subscribers/signup-rules";

const STORAGE_KEY = "earthkind.signup-attempts";

function readAttempts(now: number): number[] {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(raw)
      ? raw.filter((t): t is number => typeof t === "number" && now - t < SIGNUP_CLIENT_LIMIT.windowMs)
      : [];
  } catch {
    return [];
  }
}

/**
 * The spec's client-side limit (3 signup attempts per 5 minutes), kept in localStorage so it holds
 * across reloads and tabs. Records the attempt when it is allowed. Storage being unavailable
 * (private mode) allows the attempt: the server has its own per-IP limit.
 */
export function takeSignupAttempt(now = Date.now()): boolean {
  const attempts = readAttempts(now);
  if (attempts.length >= SIGNUP_CLIENT_LIMIT.attempts) return false;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...attempts, now]));
  } catch {
    // Not persisted; still allowed.
  }
  return true;
}
