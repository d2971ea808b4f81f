import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { approvedSubmissionAnswer, rejectedSubmissionAnswer, submissionsAnswer } from "#contract/events/responses";
import { approveSubmissionSchema, rejectSubmissionSchema } from "#contract/events/schemas";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { approveSubmission, listSubmissions, rejectSubmission } from "./moderation";

const listQuery = z.object({
  status: z
    .enum(["pending", "approved", "rejected"], { error: "status must be pending, approved or rejected" })
    .default("pending"),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 100" })
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(100, "limit must be a whole number from 1 to 100")
    .default(50),
});

const noSubmission = errorAnswer("No submission has this id");
const alreadyReviewed = errorAnswer("The submission was already approved or rejected");

/** Moderation of event submissions (mounted under /api/admin, behind the one admin guard). */
export const eventSubmissionsAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List event submissions of one status, newest first (the read is audited)",
      responses: { 200: jsonAnswer(submissionsAnswer, "The submissions, with their organisers' details") },
    }),
    validate("query", listQuery),
    async (c) => {
      const { status, limit } = c.req.valid("query");
      const submissions = await listSubmissions(c.var.db, { status, limit, admin: c.var.user, ip: clientIp(c) });
      return c.json(answer(submissionsAnswer, { submissions }));
    },
  )
  .post(
    "/:id/approve",
    describeRoute({
      summary: "Approve a pending submission: it becomes a searchable event",
      responses: {
        200: jsonAnswer(approvedSubmissionAnswer, "Approved: the submission and the id of its event"),
        400: errorAnswer(
          "Invalid body (the first rule broken), or the event's place could not be found: send a corrected ZIP code",
        ),
        404: noSubmission,
        409: alreadyReviewed,
      },
    }),
    validate("json", approveSubmissionSchema),
    async (c) => {
      const { postal_code } = c.req.valid("json");
      const result = await approveSubmission(c.var.db, c.req.param("id"), {
        admin: c.var.user,
        postalCode: postal_code,
      });
      return c.json(
        answer(approvedSubmissionAnswer, {
          submission: result.submission,
          event_id: result.eventId,
          merged_into: result.mergedInto,
        }),
      );
    },
  )
  .post(
    "/:id/reject",
    describeRoute({
      summary: "Reject a pending submission with a reason",
      responses: {
        200: jsonAnswer(rejectedSubmissionAnswer, "Rejected"),
        404: noSubmission,
        409: alreadyReviewed,
      },
    }),
    validate("json", rejectSubmissionSchema),
    async (c) => {
      const { reason } = c.req.valid("json");
      const submission = await rejectSubmission(c.var.db, c.req.param("id"), { admin: c.var.user, reason });
      return c.json(answer(rejectedSubmissionAnswer, { submission }));
    },
  );
