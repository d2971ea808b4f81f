import { z } from "zod";
import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { approveSubmission, listSubmissions, rejectSubmission } from "./moderation";
import { approveSubmissionSchema, rejectSubmissionSchema } from "./schemas";

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

/** Moderation of event submissions (mounted under /api/admin, behind the one admin guard). */
export const eventSubmissionsAdminRoutes = createRouter()
  .get("/", validate("query", listQuery), async (c) => {
    const { status, limit } = c.req.valid("query");
    const submissions = await listSubmissions(c.var.db, { status, limit, admin: c.var.user, ip: clientIp(c) });
    return c.json({ submissions });
  })
  .post("/:id/approve", validate("json", approveSubmissionSchema), async (c) => {
    const { postal_code } = c.req.valid("json");
    const result = await approveSubmission(c.var.db, c.req.param("id"), {
      admin: c.var.user,
      postalCode: postal_code,
    });
    return c.json({ submission: result.submission, event_id: result.eventId });
  })
  .post("/:id/reject", validate("json", rejectSubmissionSchema), async (c) => {
    const { reason } = c.req.valid("json");
    const submission = await rejectSubmission(c.var.db, c.req.param("id"), { admin: c.var.user, reason });
    return c.json({ submission });
  });
