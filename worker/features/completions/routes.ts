import { describeRoute } from "hono-openapi";
import { completionAnswer, completionLookupAnswer, completionsAnswer } from "#contract/completions/responses";
import { completionInputSchema } from "#contract/completions/schemas";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { requireUser } from "../../platform/auth-guard";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { requestLocale } from "../../platform/i18n";
import { validate } from "../../platform/validate";
import { isPublishedAction } from "../actions/service";
import { findCompletion, listCompletions, upsertCompletion } from "./service";

/** /api/me/completions — the signed-in member's own completions only. */
export const completionsRoutes = createRouter()
  .use(requireUser)
  .get(
    "/",
    describeRoute({
      summary: "List the signed-in member's completions, newest first",
      responses: { 200: jsonAnswer(completionsAnswer, "The member's completions, each with its action") },
    }),
    async (c) => {
      const completions = await listCompletions(c.var.db, c.var.user.id, requestLocale(c));
      return c.json(answer(completionsAnswer, { completions }));
    },
  )
  // The card's "has this member completed this action?" check; null rather than 404 (not an error).
  .get(
    "/:actionId",
    describeRoute({
      summary: "Read the signed-in member's completion of one action",
      responses: {
        200: jsonAnswer(completionLookupAnswer, "The completion, or null when the member has not recorded the action"),
      },
    }),
    async (c) => {
      const completion = await findCompletion(c.var.db, c.var.user.id, c.req.param("actionId"), requestLocale(c));
      return c.json(answer(completionLookupAnswer, { completion }));
    },
  )
  .put(
    "/:actionId",
    describeRoute({
      summary: "Record (or re-record) completing an action",
      description: "Recording again replaces the notes and the sharing choice and keeps the first completion time.",
      responses: {
        200: jsonAnswer(completionAnswer, "The completion as stored"),
        404: errorAnswer("No published action has this id"),
      },
    }),
    validate("json", completionInputSchema),
    async (c) => {
      const actionId = c.req.param("actionId");
      if (!(await isPublishedAction(c.var.db, actionId))) throw notFound("Action not found");
      const completion = await upsertCompletion(
        c.var.db,
        c.var.user.id,
        actionId,
        c.req.valid("json"),
        requestLocale(c),
      );
      return c.json(answer(completionAnswer, { completion }));
    },
  );
