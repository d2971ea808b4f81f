import type { ReactNode } from "react";
import type { Locale } from "#contract/i18n/locales";
import { Badge } from "../../components/ui/badge";
import { useT } from "../../lib/i18n";

/**
 * Events stay in their source language (issue 46 item 5, decision 273): what a feed or an organizer wrote (title,
 * description, venue, organizer, source) is shown as written. Our sources are English and the events table has no
 * language column, so every event's language is English.
 */
export const EVENT_LANGUAGE: Locale = "en";

/**
 * The event's own words, marked with their language where it is not the page's, so screen readers read them with
 * English pronunciation and translators of the page leave them alone.
 */
export function EventContent({
  as: Tag = "span",
  id,
  className,
  children,
}: {
  as?: "span" | "div" | "p" | "h1" | "h3";
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const { locale } = useT();
  return (
    <Tag id={id} lang={locale === EVENT_LANGUAGE ? undefined : EVENT_LANGUAGE} className={className}>
      {children}
    </Tag>
  );
}

/** "En inglés": the small label an event gets where the reader's language is not the event's. */
export function EventLanguageNote() {
  const { t, locale } = useT();
  if (locale === EVENT_LANGUAGE) return null;
  return (
    <Badge variant="outline" data-testid="event-language">
      {t("events.content.inEnglish")}
    </Badge>
  );
}
