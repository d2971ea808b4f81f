import { type KeyboardEvent, type MouseEvent, useId } from "react";
import type { PublicPetition } from "#contract/petitions/schemas";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useImageFallback } from "../../lib/use-image-fallback";
import { DEFAULT_PETITION_IMAGE, locationBadge, orgAvatar, petitionImageSrc, TOPIC_STYLES } from "./petition-display";
import { TopicBadge } from "./topic-badge";

/** Petitions are hosted by other organisations: always a new tab, never with access to this one. */
function openPetition(link: string): void {
  window.open(link, "_blank", "noopener,noreferrer");
}

/**
 * One petition. The whole card opens the petition (click, or Enter/Space while the card has focus);
 * the 'Sign Petition' link inside does the same as a real link, so it also works with middle-click
 * and assistive technology's links list.
 */
export function PetitionCard({ petition }: { petition: PublicPetition }) {
  const titleId = useId();
  const image = useImageFallback();
  const { t } = useT();
  const avatar = orgAvatar(petition.org_name, t("petitions.card.unknownOrg"));
  const location = locationBadge(petition, {
    national: "",
    state: t("petitions.scope.state"),
    local: t("petitions.scope.local"),
  });
  const topic = TOPIC_STYLES[petition.topic];
  const src = image.failed ? DEFAULT_PETITION_IMAGE : petitionImageSrc(petition.image_url);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Only the card itself: Enter on the inner link is the link's own job.
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // Space would otherwise scroll the page.
      openPetition(petition.link);
    }
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest("a")) return;
    openPetition(petition.link);
  };

  return (
    <article
      aria-labelledby={titleId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the spec asks for Enter/Space on the focused card; its link is the semantic path.
      tabIndex={0}
      onClick={onClick}
      onKeyDown={onKeyDown}
      data-testid="petition-card"
      // On a server-rendered page the card opens without React (web/islands/static-behaviours.ts).
      data-open-link={petition.link}
      className="group flex w-full cursor-pointer flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div aria-hidden="true" className={cn("h-1.5", topic.stripe)} />
      <img
        src={src}
        alt=""
        loading="lazy"
        width={640}
        height={320}
        ref={image.ref}
        onError={image.onError}
        data-fallback={DEFAULT_PETITION_IMAGE}
        className="aspect-[5/2] w-full bg-sand-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex flex-wrap gap-2">
          <TopicBadge topic={petition.topic} />
          {location && (
            <Badge variant="outline" data-testid="location-badge">
              {location}
            </Badge>
          )}
        </div>
        <h3 id={titleId} className="text-xl leading-snug font-semibold text-forest-900">
          {petition.title}
        </h3>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-forest-700 text-sm font-semibold text-white"
          >
            {avatar.initials}
          </span>
          <span className="text-sm font-medium text-muted-foreground">{avatar.name}</span>
        </div>
        <a
          href={petition.link}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "primary", size: "md", className: "mt-auto self-start" })}
        >
          {t("petitions.card.sign")}
          <span className="sr-only">{t("petitions.card.signLabel", { title: petition.title })}</span>
        </a>
      </div>
    </article>
  );
}
