import { useEffect, useRef, useState } from "react";

/**
 * Only https images are shown: the site's CSP allows `img-src https:`, so an http one would be blocked
 * (the sources may give either; ingestion and submissions accept only http(s) URLs).
 */
export const shownImageUrl = (url: string | null): string | null => (url?.startsWith("https://") ? url : null);

/**
 * An event's picture in a box of fixed proportions, so nothing moves while it loads; lazy, decoded off
 * the main thread, and without our page's address sent to the image's host. A picture that fails to
 * load leaves the box with a plain leaf instead of a broken image.
 */
export function EventImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered image may fail before hydration, when React was not yet listening for `error`.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div className="mb-4 aspect-[16/9] overflow-hidden rounded-xl bg-forest-50">
      {failed ? (
        <div className="flex size-full items-center justify-center text-forest-300" data-testid="event-image-fallback">
          <svg className="size-10" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M17 3c-6 0-11 3.6-11 10 0 1.6.4 3 1 4.2L4.3 19.9a1 1 0 1 0 1.4 1.4L8.4 18.6C9.6 19.5 11.2 20 13 20c5.5 0 8-5.4 8-16a1 1 0 0 0-1-1h-3Zm-6.7 10.3 4-4a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4-1.4Z" />
          </svg>
        </div>
      ) : (
        <img
          ref={img}
          src={src}
          alt={alt}
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      )}
    </div>
  );
}
