import type { SearchMessages, SubmissionField, SubmissionMessages } from "./schemas";

/** A catalogue's message by id: `useT().t` on a page, `translatorFor(locale)` in the Worker. */
export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** How a message names a field: "organizer email" in English (the spec's), «correo de quien organiza» in Spanish. */
function fieldName(t: Translate, field: SubmissionField): string {
  const names: Record<SubmissionField, string> = {
    title: t("events.submit.field.title"),
    description: t("events.submit.field.description"),
    category: t("events.submit.field.category"),
    start_time: t("events.submit.field.start_time"),
    end_time: t("events.submit.field.end_time"),
    address: t("events.submit.field.address"),
    city: t("events.submit.field.city"),
    state: t("events.submit.field.state"),
    postal_code: t("events.submit.field.postal_code"),
    organizer_name: t("events.submit.field.organizer_name"),
    organizer_email: t("events.submit.field.organizer_email"),
    organizer_url: t("events.submit.field.organizer_url"),
    registration_url: t("events.submit.field.registration_url"),
    image_url: t("events.submit.field.image_url"),
    notes_for_moderator: t("events.submit.field.notes_for_moderator"),
  };
  return names[field];
}

/**
 * The submission check's messages from a catalogue (locales/<locale>/site/events.json). The English catalogue holds
 * the spec's words exactly, so English answers are the same as `eventSubmissionSchema`'s.
 */
export const submissionMessagesIn = (t: Translate): SubmissionMessages => ({
  missing: (field) => t("events.submit.error.missing", { field: fieldName(t, field) }),
  tooLong: (field, max) => t("events.submit.error.tooLong", { field: fieldName(t, field), max: String(max) }),
  controlCharacters: (field) => t("events.submit.error.controlCharacters", { field: fieldName(t, field) }),
  text: t("events.submit.error.text"),
  email: t("events.submit.error.email"),
  urls: t("events.submit.error.urls"),
  state: t("events.submit.error.state"),
  postalCode: t("events.submit.error.postalCode"),
  category: t("events.submit.error.category"),
  startTime: t("events.submit.error.startTime"),
  endTime: t("events.submit.error.endTime"),
});

/** The search's visitor-facing messages from a catalogue (a malformed ZIP, a keyword without one). */
export const searchMessagesIn = (t: Translate): SearchMessages => ({
  zip: t("events.search.zipMessage"),
  keywordNeedsZip: t("events.search.keywordNeedsZip"),
});
