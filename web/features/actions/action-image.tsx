import { useState } from "react";
import { cn } from "../../lib/cn";
import { DEFAULT_ACTION_IMAGE } from "./action-display";

/** An action's picture; a missing or broken image falls back to the default wildflower art. */
export function ActionImage({
  src,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? DEFAULT_ACTION_IMAGE : src;
  return (
    <img
      src={url}
      alt=""
      width={1200}
      height={800}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("size-full object-cover", className)}
    />
  );
}
