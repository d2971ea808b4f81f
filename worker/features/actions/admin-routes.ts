import type { Context } from "hono";
import { describeRoute } from "hono-openapi";
import {
  actionDeletedAnswer,
  adminActionAnswer,
  adminActionListAnswer,
  quickSetupAnswer,
} from "#contract/actions/responses";
import { ACTION_CROSS_FIELD_RULES, actionInputSchema, adminListQuerySchema } from "#contract/actions/schemas";
import { answer, crossFieldRules, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { type AppBindings, createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import {
  createAction,
  deleteAction,
  duplicateAction,
  getAdminAction,
  listAdminActions,
  publishAction,
  quickSetup,
  updateAction,
} from "./admin-service";

/** /api/admin/actions — behind the one admin guard mounted in app.ts. */

const ctx = (c: Context<AppBindings>) => ({ db: c.var.db, timeZone: c.var.config.SITE_TIMEZONE, now: new Date() });

const noAction = errorAnswer("No action has this id");
const slugTaken = errorAnswer("Another action already uses this slug");

export const actionsAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List actions of every status for the admin",
      responses: { 200: jsonAnswer(adminActionListAnswer, "The actions, newest start date (or creation) first") },
    }),
    validate("query", adminListQuerySchema),
    async (c) => {
      const actions = await listAdminActions(c.var.db, c.req.valid("query"));
      return c.json(answer(adminActionListAnswer, { actions }));
    },
  )
  .post(
    "/",
    describeRoute({
      summary: "Create an action",
      ...crossFieldRules(...ACTION_CROSS_FIELD_RULES),
      responses: { 201: jsonAnswer(adminActionAnswer, "Created (a draft unless published)"), 409: slugTaken },
    }),
    validate("json", actionInputSchema),
    async (c) => {
      const action = await createAction(ctx(c), c.req.valid("json"));
      c.set("auditTarget", { table: "actions", target: { id: action.id } });
      return c.json(answer(adminActionAnswer, { action }), 201);
    },
  )
  .post(
    "/quick-setup",
    describeRoute({
      summary: "Create draft actions for the next three weeks that have no action yet",
      description:
        "A week in which an action (any status) already runs is skipped and named in `skipped_weeks`, so repeating the request adds nothing.",
      responses: {
        201: jsonAnswer(quickSetupAnswer, "At least one draft was created"),
        200: jsonAnswer(quickSetupAnswer, "Nothing was created: every week already has an action"),
      },
    }),
    async (c) => {
      const { created, skipped, skippedWeeks } = await quickSetup(ctx(c));
      c.set("auditTarget", { table: "actions", target: { created: created.map((a) => a.id) } });
      return c.json(
        answer(quickSetupAnswer, { actions: created, skipped, skipped_weeks: skippedWeeks }),
        created.length > 0 ? 201 : 200,
      );
    },
  )
  // The preview and edit read: any status, admin only.
  .get(
    "/:id",
    describeRoute({
      summary: "Read an action of any status for preview or editing",
      responses: { 200: jsonAnswer(adminActionAnswer, "The action"), 404: noAction },
    }),
    async (c) => {
      const action = await getAdminAction(ctx(c), c.req.param("id"));
      return c.json(answer(adminActionAnswer, { action }));
    },
  )
  .put(
    "/:id",
    describeRoute({
      summary: "Update an action",
      ...crossFieldRules(...ACTION_CROSS_FIELD_RULES),
      description: "Every field is replaced; `status` omitted keeps the current one.",
      responses: {
        200: jsonAnswer(adminActionAnswer, "Saved"),
        400: errorAnswer("Invalid action, or a published action without both dates"),
        404: noAction,
        409: slugTaken,
      },
    }),
    validate("json", actionInputSchema),
    async (c) => {
      const action = await updateAction(ctx(c), c.req.param("id"), c.req.valid("json"));
      return c.json(answer(adminActionAnswer, { action }));
    },
  )
  .delete(
    "/:id",
    describeRoute({
      summary: "Delete an action",
      responses: { 200: jsonAnswer(actionDeletedAnswer, "Deleted"), 404: noAction },
    }),
    async (c) => {
      await deleteAction(c.var.db, c.req.param("id"));
      return c.json(answer(actionDeletedAnswer, { ok: true }));
    },
  )
  .post(
    "/:id/duplicate",
    describeRoute({
      summary: "Copy an action as a new draft without dates",
      responses: {
        201: jsonAnswer(adminActionAnswer, "The copy"),
        404: noAction,
        409: errorAnswer("The copy's timestamped slug is already taken (a repeat within the same millisecond)"),
      },
    }),
    async (c) => {
      const action = await duplicateAction(ctx(c), c.req.param("id"));
      return c.json(answer(adminActionAnswer, { action }), 201);
    },
  )
  .post(
    "/:id/publish",
    describeRoute({
      summary: "Publish an action",
      responses: {
        200: jsonAnswer(adminActionAnswer, "Published"),
        400: errorAnswer("The action needs both a start and an end date to be published"),
        404: noAction,
      },
    }),
    async (c) => {
      const action = await publishAction(ctx(c), c.req.param("id"));
      return c.json(answer(adminActionAnswer, { action }));
    },
  );
