import { describeRoute } from "hono-openapi";
import { petitionListAnswer } from "#contract/petitions/responses";
import { petitionListSchema } from "#contract/petitions/schemas";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { readPetitions, savePetitions } from "./service";

/**
 * /api/admin/petitions (behind the one admin guard): read and save the whole ordered list. Add,
 * edit, delete and reorder all save the full list (spec §7 "settings").
 */
export const petitionsAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "Read the whole ordered petition list",
      responses: { 200: jsonAnswer(petitionListAnswer, "Every petition, verified or not, in the admin's order") },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(answer(petitionListAnswer, { petitions: await readPetitions(c.var.db, c.env.KV) }));
    },
  )
  .put(
    "/",
    describeRoute({
      summary: "Save the whole ordered petition list",
      description: "Adding, editing, deleting and reordering all save the full list; items without an id get one.",
      responses: { 200: jsonAnswer(petitionListAnswer, "The list as saved") },
    }),
    validate("json", petitionListSchema),
    async (c) => {
      const petitions = await savePetitions(c.var.db, c.env.KV, c.req.valid("json"));
      return c.json(answer(petitionListAnswer, { petitions }));
    },
  );
