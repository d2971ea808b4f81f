import { cn } from "../../lib/cn";
import { useImageFallback } from "../../lib/use-image-fallback";
import { DEFAULT_ACTION_IMAGE } from "./action-display";

/**
 * An action's picture; a missing or broken image falls back to the default wildflower art. `eager` is for
 * a picture in the first screen (often the page's largest paint): fetched at once, ahead of other images.
 */
export function ActionImage({
  src,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  className?: string;
  eager?: boolean;
}) {
  const image = useImageFallback();
  const url = !src || image.failed ? DEFAULT_ACTION_IMAGE : src;
  return (
    <img
      src={url}
      alt=""
      width={1200}
      height={800}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      ref={image.ref}
      onError={image.onError}
      data-fallback={DEFAULT_ACTION_IMAGE}
      className={cn("size-full object-cover", className)}
    />
  );
}
