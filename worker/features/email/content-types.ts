import type { Locale } from "#contract/i18n/locales";

/** What the email templates need of a weekly action (a projection of the weekly_actions row). */
export type EmailAction = {
  id: string;
  title: string;
  slug: string;
  summary: string;
  timeRequired: string;
  steps: string[];
  materials: string[];
  ctaLabel: string;
  startDate: string | null;
  endDate: string | null;
  /** The language of the text fields; English when absent (decision 272). */
  language?: Locale;
};

/** The weekly email's "Last week" section: counts and up to two anonymous, member-shared notes. */
export type EmailLastWeek = {
  title: string;
  /** Its Spanish title, when written: a Spanish email names it so, or by what it was (decision 272). */
  titleEs?: string | null;
  slug: string;
  completedCount: number;
  notes: string[];
};

/** The sustainable-living tip a weekly email carries. */
export type EmailTip = { title: string; body: string; url: string | null; language?: Locale };

/** A verified petition with title and url, as the weekly email lists it. */
export type EmailPetition = { title: string; url: string; orgName: string | null };

/**
 * An upcoming event near a subscriber — the fields of the events search's Event (spec §3) that the
 * weekly email shows, so the search result can be passed straight in.
 */
export type EmailEvent = {
  id: string;
  title: string;
  start_time: string | null;
  all_day?: boolean;
  /** The event's own zone (in-person events); the email shows its local time there. */
  time_zone?: string | null;
  venue_name?: string | null;
  city?: string | null;
  state?: string | null;
  registration_url?: string | null;
  is_virtual?: boolean;
  distance_miles?: number | null;
};

/**
 * Finds up to a few upcoming events near a ZIP. Injected into the sender so the email feature does
 * not depend on the events feature; the app wires the events search in (worker/jobs/queue.ts).
 */
export type EventsNear = (zip: string) => Promise<EmailEvent[]>;

/** Until an events search is wired in, the weekly email simply has no events section. */
export const noEvents: EventsNear = async () => [];

export const MAX_EMAIL_PETITIONS = 3;
export const MAX_EMAIL_EVENTS = 3;
