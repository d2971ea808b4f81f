import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { eventPath } from "#contract/events/event-path";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useHydrated, useSiteTimeZone } from "../../lib/site";
import { type EventResult, eventCalendarUrl } from "./api";
import { formatEventWhen, formatMiles, lastConfirmedText } from "./format";
import { categoryLabel } from "./labels";
import { RemindMe } from "./remind-me";
import { EventContent, EventLanguageNote } from "./source-language";

function Icon({ d }: { d: string }) {
  return (
    <svg className="mt-0.5 size-4 shrink-0 text-forest-600" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

const CLOCK =
  "M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 4a.75.75 0 0 0-1.5 0v4c0 .2.08.39.22.53l2.5 2.5a.75.75 0 1 0 1.06-1.06l-2.28-2.28V6Z";
const PIN =
  "M10 2a6 6 0 0 0-6 6c0 4.2 5.1 9.4 5.4 9.6a.85.85 0 0 0 1.2 0C10.9 17.4 16 12.2 16 8a6 6 0 0 0-6-6Zm0 8.25A2.25 2.25 0 1 1 10 5.75a2.25 2.25 0 0 1 0 4.5Z";

/** One event: when, where, how far, and the two things a visitor does next (register, save). */
export function EventCard({
  event,
  compact = false,
  media,
}: {
  event: EventResult;
  compact?: boolean;
  /** The event's picture, above the rest (the events page's cards; decision 164). */
  media?: ReactNode;
}) {
  const text = useT();
  const { t } = text;
  const siteZone = useSiteTimeZone();
  // The visitor's zone (undefined: the browser's) only once hydrated; null until then.
  const viewerZone = useHydrated() ? undefined : null;
  // The venue and city are the event's own words; "Online" is ours.
  const place = event.is_virtual
    ? null
    : [event.venue_name, [event.city, event.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
  const category = categoryLabel(text, event.category);
  const confirmed = lastConfirmedText(text, event.last_confirmed_at, siteZone);
  return (
    <Card className="flex h-full flex-col p-5 sm:p-6">
      <article className="flex h-full flex-col" aria-labelledby={`event-${event.id}-title`}>
        {media}
        <div className="flex flex-wrap items-center gap-2">
          {event.cancelled ? <Badge variant="destructive">{t("events.card.cancelled")}</Badge> : null}
          {category ? <Badge variant="success">{category}</Badge> : null}
          {event.is_virtual ? <Badge variant="secondary">{t("events.card.online")}</Badge> : null}
          {event.is_fallback ? <Badge variant="warning">{t("events.card.statewide")}</Badge> : null}
          <EventLanguageNote />
        </div>
        <h3 id={`event-${event.id}-title`} className="mt-3 text-lg leading-snug font-semibold text-forest-900">
          <Link to={eventPath(event)} className="hover:underline focus-visible:underline">
            <EventContent>{event.title}</EventContent>
          </Link>
        </h3>
        <ul className="mt-3 grid gap-1.5 text-sm text-foreground">
          <li className="flex gap-2">
            <Icon d={CLOCK} />
            <span>{formatEventWhen(text, event, siteZone, viewerZone)}</span>
          </li>
          {event.is_virtual || place ? (
            <li className="flex gap-2">
              <Icon d={PIN} />
              <span>
                {place ? <EventContent>{place}</EventContent> : t("events.card.online")}
                {event.distance_miles !== null ? (
                  <span className="text-muted-foreground"> · {formatMiles(text, event.distance_miles)}</span>
                ) : null}
              </span>
            </li>
          ) : null}
        </ul>
        {confirmed ? <p className="mt-2 text-xs text-muted-foreground">{confirmed}</p> : null}
        {event.description && !compact ? (
          <EventContent as="p" className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            {event.description}
          </EventContent>
        ) : null}
        <div className={cn("mt-auto flex flex-wrap gap-2 pt-4")}>
          {/* A cancelled event has nothing to register for. */}
          {event.registration_url && !event.cancelled ? (
            <a
              href={event.registration_url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ size: "sm" })}
            >
              {t("events.card.register")}
              <span className="sr-only"> {t("events.card.registerFor", { title: event.title })}</span>
            </a>
          ) : null}
          <a href={eventCalendarUrl(event.id)} download className={buttonClasses({ size: "sm", variant: "outline" })}>
            {t("events.card.addToCalendar")}
            <span className="sr-only">
              {" "}
              (<EventContent>{event.title}</EventContent>)
            </span>
          </a>
          {event.cancelled ? null : <RemindMe eventId={event.id} eventTitle={event.title} />}
        </div>
      </article>
    </Card>
  );
}
