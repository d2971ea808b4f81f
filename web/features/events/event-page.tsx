import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { eventIdFromPathParam, eventPageMeta, eventPath } from "#contract/events/event-path";
import { mapUrl } from "#contract/events/map-url";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { Island } from "../../islands/island";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { useSiteTimeZone } from "../../lib/site";
import { usePageMeta } from "../../lib/use-page-meta";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";
import { type EventPageData, eventCalendarUrl, eventPageQuery } from "./api";
import { EventImage, shownImageUrl } from "./event-image";
import { EventWhen, whenFields } from "./event-when";
import { confirmedDay, formatEventWhen, type WhenFields } from "./format";
import { RemindMe } from "./remind-me";
import { EventContent, EventLanguageNote } from "./source-language";

const linkClass = "font-semibold text-forest-700 underline underline-offset-4 hover:text-forest-900";

function NotFound({ title, message }: { title: string; message: string }) {
  const { t } = useT();
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-semibold text-forest-900">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{message}</p>
      <Link to={routePath("events")} className={buttonClasses({ className: "mt-8" })}>
        {t("events.event.findNear")}
      </Link>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr]">
      <dt className="font-semibold text-forest-900">{label}</dt>
      <dd className="text-foreground">{children}</dd>
    </div>
  );
}

/** When: an online event's time turns to the visitor's zone in an island; an in-person event's is fixed. */
function When({ event }: { event: WhenFields }) {
  const text = useT();
  const siteZone = useSiteTimeZone();
  if (!event.is_virtual) return formatEventWhen(text, event, siteZone, null);
  return (
    <Island as="span" name="eventWhen" component={EventWhen} props={{ event: whenFields(event) }} hydrate="visible" />
  );
}

function EventDetails({ event }: { event: EventPageData }) {
  const { t, tag } = useT();
  const siteZone = useSiteTimeZone();
  usePageMeta(eventPageMeta(event));
  const place = [event.venue_name, event.address ?? [event.city, event.state].filter(Boolean).join(", ")]
    .filter(Boolean)
    .join(", ");
  const image = shownImageUrl(event.image_url);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20" aria-labelledby="event-title">
      <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">{t("events.event.eyebrow")}</p>
      <EventContent
        as="h1"
        className="mt-3 text-4xl leading-tight font-semibold text-forest-900 sm:text-5xl"
        id="event-title"
      >
        {event.title}
      </EventContent>
      <div className="mt-4 flex flex-wrap gap-2">
        {event.cancelled ? <Badge variant="destructive">{t("events.card.cancelled")}</Badge> : null}
        {event.is_virtual ? <Badge variant="secondary">{t("events.card.online")}</Badge> : null}
        <EventLanguageNote />
      </div>
      {image ? (
        <div className="mt-8">
          <EventImage src={image} alt={event.title} />
        </div>
      ) : null}
      <dl className="mt-8 grid gap-4">
        <Fact label={t("events.event.when")}>
          <When event={event} />
        </Fact>
        <Fact label={t("events.event.where")}>
          {event.is_virtual ? (
            t("events.card.online")
          ) : (
            <>
              {place ? <EventContent>{place}</EventContent> : t("events.event.placeTba")}{" "}
              <a href={mapUrl(event)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t("events.event.openMap")}
                <span className="sr-only"> {t("events.event.openMapOf", { place: place || event.title })}</span>
              </a>
            </>
          )}
        </Fact>
        {event.organizer ? (
          <Fact label={t("events.event.organizer")}>
            <NamedLink name={event.organizer.name} url={event.organizer.url} />
          </Fact>
        ) : null}
        {event.price_usd !== null ? (
          <Fact label={t("events.event.cost")}>
            {event.price_usd === 0
              ? t("events.event.free")
              : new Intl.NumberFormat(tag, { style: "currency", currency: "USD" }).format(event.price_usd)}
          </Fact>
        ) : null}
      </dl>
      {event.description ? (
        <section aria-labelledby="about-event" className="mt-10">
          <h2 id="about-event" className="text-xl font-semibold text-forest-900">
            {t("events.event.about")}
          </h2>
          {/* Plain text: whatever a feed or an organizer wrote is shown, never interpreted. */}
          <EventContent as="p" className="mt-3 leading-relaxed whitespace-pre-line text-muted-foreground">
            {event.description}
          </EventContent>
        </section>
      ) : null}
      {event.registration_url && !event.cancelled ? (
        <div className="mt-10">
          <a href={event.registration_url} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
            {event.organizer
              ? t("events.event.registerWith", { organizer: event.organizer.name })
              : t("events.card.register")}
            <span className="sr-only"> {t("events.card.registerFor", { title: event.title })}</span>
          </a>
        </div>
      ) : null}
      {event.cancelled ? null : (
        <section aria-labelledby="remind-me" className="mt-8">
          <h2 id="remind-me" className="text-base font-semibold text-forest-900">
            {t("events.event.reminderHeading")}
          </h2>
          <div className="mt-3 max-w-sm">
            <Island
              name="remindMe"
              component={RemindMe}
              props={{ eventId: event.id, eventTitle: event.title }}
              hydrate="visible"
            />
          </div>
        </section>
      )}
      {/* Plain links, rendered on the server: nothing to hydrate (decision 233). */}
      <section aria-labelledby="add-to-calendar" className="mt-8">
        <h2 id="add-to-calendar" className="text-base font-semibold text-forest-900">
          {t("events.event.calendarHeading")}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          <li>
            <a
              href={event.calendar.google}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "outline" })}
            >
              {t("events.event.googleCalendar")}
              <span className="sr-only"> {t("events.event.newTab")}</span>
            </a>
          </li>
          <li>
            <a
              href={event.calendar.outlook}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "outline" })}
            >
              {t("events.event.outlook")}
              <span className="sr-only"> {t("events.event.newTab")}</span>
            </a>
          </li>
          <li>
            <a href={eventCalendarUrl(event.id)} download className={buttonClasses({ variant: "outline" })}>
              {t("events.event.icsFile")}
              <span className="sr-only"> {t("events.event.icsFileFor", { title: event.title })}</span>
            </a>
          </li>
        </ul>
      </section>
      <p className="mt-8 text-sm text-muted-foreground">
        {t("events.event.source")} <NamedLink name={event.source.name} url={event.source.url} />.{" "}
        {t("events.event.lastConfirmed", { date: confirmedDay(tag, event.last_confirmed, siteZone) })}
      </p>
      {event.nearby.length ? (
        <section aria-labelledby="nearby-events" className="mt-12">
          <h2 id="nearby-events" className="text-xl font-semibold text-forest-900">
            {t("events.event.nearby")}
          </h2>
          <ul className="mt-4 grid gap-3">
            {event.nearby.map((n) => (
              <li key={n.id}>
                <Link to={eventPath(n)} className={linkClass}>
                  <EventContent>{n.title}</EventContent>
                </Link>
                <span className="block text-sm text-muted-foreground">
                  <When event={n} />
                  {n.city ? (
                    <>
                      {" · "}
                      <EventContent>{[n.city, n.state].filter(Boolean).join(", ")}</EventContent>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-12">
        <Link to={routePath("events")} className={linkClass}>
          {t("events.event.back")}
        </Link>
      </p>
    </article>
  );
}

/** /events/:event — one listed event, by the id at the start of the path (decision 202). */
export function EventPage() {
  const { t } = useT();
  const { event: param = "" } = useParams();
  const id = eventIdFromPathParam(param);
  const query = useQuery({ ...eventPageQuery(id ?? ""), enabled: id !== null });
  const event = query.data?.event;
  if (id === null || event === null) {
    return <NotFound title={t("events.event.notFoundTitle")} message={t("events.event.notFoundText")} />;
  }
  if (query.isError)
    return (
      <NotFound
        title={t("events.event.failedTitle")}
        message={errorText(query.error, t("events.error.somethingWrong"))}
      />
    );
  if (!event) {
    return (
      <div className="flex justify-center px-4 py-32">
        <Spinner label={t("events.event.loading")} />
      </div>
    );
  }
  return <EventDetails event={event} />;
}

/** A host's or source's name in the event's language, linked to its site when it has one. */
function NamedLink({ name, url }: { name: string; url: string | null | undefined }) {
  return (
    <EventContent>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {name}
        </a>
      ) : (
        name
      )}
    </EventContent>
  );
}
