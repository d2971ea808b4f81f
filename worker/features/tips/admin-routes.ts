import { describeRoute } from "hono-openapi";
import { tipAnswer, tipDeletedAnswer, tipListAnswer } from "#contract/tips/responses";
import { TIP_MESSAGES, tipInputSchema, tipOrderSchema } from "#contract/tips/schemas";
import { answer, crossFieldRules, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { createTip, deleteTip, listTips, reorderTips, updateTip } from "./service";

const noTip = errorAnswer("No tip has this id");
const titleTaken = errorAnswer("A tip with this title already exists");

/** /api/admin/tips (behind the one admin guard): the sustainable-living tips and their order. */
export const tipsAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List the tips in their order",
      responses: { 200: jsonAnswer(tipListAnswer, "Every tip, active or not, in the admin's order") },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(answer(tipListAnswer, { tips: await listTips(c.var.db) }));
    },
  )
  .post(
    "/",
    describeRoute({
      summary: "Add a tip at the end of the list",
      ...crossFieldRules(TIP_MESSAGES.spanishBoth),
      responses: { 201: jsonAnswer(tipAnswer, "Added"), 409: titleTaken },
    }),
    validate("json", tipInputSchema),
    async (c) => {
      const tip = await createTip(c.var.db, c.req.valid("json"));
      return c.json(answer(tipAnswer, { tip }), 201);
    },
  )
  // Registered before '/:id' so 'order' is never read as an id.
  .put(
    "/order",
    describeRoute({
      summary: "Save a new order of the tips",
      responses: {
        200: jsonAnswer(tipListAnswer, "Every tip in the new order"),
        400: errorAnswer("Invalid request: an id listed twice, or more than 1,000"),
        409: errorAnswer("The ids are not every stored tip (one was added or deleted meanwhile): reload the list"),
      },
    }),
    validate("json", tipOrderSchema),
    async (c) => {
      return c.json(answer(tipListAnswer, { tips: await reorderTips(c.var.db, c.req.valid("json").ids) }));
    },
  )
  .put(
    "/:id",
    describeRoute({
      summary: "Edit a tip",
      ...crossFieldRules(TIP_MESSAGES.spanishBoth),
      responses: { 200: jsonAnswer(tipAnswer, "Saved"), 404: noTip, 409: titleTaken },
    }),
    validate("json", tipInputSchema),
    async (c) => {
      const tip = await updateTip(c.var.db, c.req.param("id"), c.req.valid("json"));
      return c.json(answer(tipAnswer, { tip }));
    },
  )
  .delete(
    "/:id",
    describeRoute({
      summary: "Delete a tip",
      responses: { 200: jsonAnswer(tipDeletedAnswer, "Deleted"), 404: noTip },
    }),
    async (c) => {
      await deleteTip(c.var.db, c.req.param("id"));
      return c.json(answer(tipDeletedAnswer, { success: true }));
    },
  );
