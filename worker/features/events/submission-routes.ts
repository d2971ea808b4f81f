import { describeRoute } from "hono-openapi";
import { submissionReceivedAnswer } from "#contract/events/responses";
import { eventSubmissionSchema, SUBMISSION_CROSS_FIELD_RULES } from "#contract/events/schemas";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { localToUtc } from "#contract/platform/zoned-time";
import { eventSubmissions } from "../../../db/schema";
import { answer, crossFieldRules, jsonAnswer } from "../../platform/api-docs";
import { formLimit } from "../../platform/client-limit";
import { createRouter } from "../../platform/hono";
import { requestLocale, translate } from "../../platform/i18n";
import { clientIp } from "../../platform/request";
import { botCheck } from "../../platform/turnstile";
import { validate } from "../../platform/validate";
import { submissionSchemaIn } from "./in-language";

const orNull = (v: string) => (v === "" ? null : v);

/** The web sends ISO instants; a zone-less value from another client is read in SITE_TIMEZONE. */
function toUtc(value: string, siteTimeZone: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(value);
  if (local?.[1] && local[2]) return localToUtc(local[1], local[2], siteTimeZone).toISOString();
  return new Date(value).toISOString();
}

/** Public event submission: validated with the form's schema, stored as pending for moderation. */
export const eventSubmissionsRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Submit an event for review",
    ...crossFieldRules(...SUBMISSION_CROSS_FIELD_RULES),
    responses: {
      201: jsonAnswer(submissionReceivedAnswer, "Received: stored as pending until a moderator reviews it"),
    },
  }),
  // Before validation, so invalid floods are limited too.
  formLimit("event-submission", "Too many event submissions. Please try again later."),
  validate("json", eventSubmissionSchema, submissionSchemaIn),
  // A submission only waits for moderation: when Cloudflare cannot be asked, it goes through (decision 184).
  botCheck(BOT_CHECK_ACTIONS.eventSubmission, { whenUnavailable: "allow" }),
  async (c) => {
    const v = c.req.valid("json");
    const tz = c.var.config.SITE_TIMEZONE;
    await c.var.db.insert(eventSubmissions).values({
      title: v.title,
      description: orNull(v.description),
      category: v.category,
      startTime: toUtc(v.start_time, tz),
      endTime: v.end_time ? toUtc(v.end_time, tz) : null,
      address: orNull(v.address),
      city: v.city,
      state: v.state,
      postalCode: orNull(v.postal_code),
      organizerName: v.organizer_name,
      organizerEmail: v.organizer_email.toLowerCase(),
      organizerUrl: orNull(v.organizer_url),
      registrationUrl: v.registration_url,
      imageUrl: orNull(v.image_url),
      notesForModerator: orNull(v.notes_for_moderator),
      ipAddress: clientIp(c),
    });
    return c.json(
      answer(submissionReceivedAnswer, { message: translate(requestLocale(c), "events.submit.success") }),
      201,
    );
  },
);
