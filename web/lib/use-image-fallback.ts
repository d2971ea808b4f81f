import { useCallback, useState } from "react";

/**
 * A picture's failure, including one that happened before React was listening: a server-rendered
 * `<img>` can fail while its block is still waiting to hydrate, and the browser does not fire `error`
 * again, so the ref checks the element when React attaches it (a broken image is complete with no width).
 */
export function useImageFallback(): {
  failed: boolean;
  ref: (img: HTMLImageElement | null) => void;
  onError: () => void;
} {
  const [failed, setFailed] = useState(false);
  const onError = useCallback(() => setFailed(true), []);
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  return { failed, ref, onError };
}
