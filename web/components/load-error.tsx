import { cn } from "../lib/cn";
import { Button } from "./ui/button";

/**
 * A read that failed: what failed, and a "Try again" button when a second try could succeed. Pages
 * show this instead of made-up content (issue 15).
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
          Try again
        </Button>
      ) : null}
    </div>
  );
}
