import { ApiError } from "../lib/api-error";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { Button } from "./ui/button";

/**
 * Whether a second try could succeed: not for a refused request (bad input, not found, forbidden). The
 * query client's retry rule (web/lib/query-client.ts) is the same; it stays there so the entry chunk does
 * not carry this component.
 */
export const isRetryable = (error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429);

/**
 * A read that failed: what failed, and a "Try again" button when a second try could succeed. Pages
 * show this instead of made-up content (issue 15, decision 163).
 */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  const { t } = useT();
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center gap-4 rounded-card border border-clay-500/40 bg-clay-50 p-6 text-clay-700",
        className,
      )}
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t("chrome.loadError.tryAgain")}
        </Button>
      ) : null}
    </div>
  );
}
