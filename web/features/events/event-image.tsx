import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useImageFallback } from "../../lib/use-image-fallback";
import { EVENT_LANGUAGE } from "./source-language";

/**
 * Only pictures from our origin are shown (decision 201): the server fetched, checked and stored them, so a
 * visitor's browser never asks a third-party host for one.
 */
export const shownImageUrl = (url: string | null): string | null => (url?.startsWith("/media/events/") ? url : null);

/**
 * An event's picture in a 16:9 tinted box, so nothing moves while it loads; lazy, decoded off the main
 * thread, and without our page's address sent to the image's host (decision 164). Its `alt` is the event's title,
 * in the event's language (decision 273).
 */
export function EventImage({ src, alt }: { src: string; alt: string }) {
  const { locale } = useT();
  const image = useImageFallback();
  return (
    <div className="mb-4 overflow-hidden rounded-xl bg-forest-50" data-testid="event-image">
      <img
        src={src}
        alt={alt}
        lang={locale === EVENT_LANGUAGE ? undefined : EVENT_LANGUAGE}
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        // A picture that fails leaves the empty box: hidden, not removed, so nothing moves.
        ref={image.ref}
        onError={image.onError}
        data-fallback=""
        className={cn("aspect-[16/9] w-full object-cover", image.failed && "invisible")}
      />
    </div>
  );
}
